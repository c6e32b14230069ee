import type { ConfigData } from 'html-validate';

/**
 * html-validate's rules for the pages Next writes (e2e/crawl.spec.ts validates every page of every
 * locale with them): `html-validate:recommended` (the HTML standard's content models, ARIA and WCAG
 * rules, and style rules), with the style rules told how React serializes HTML. Each change, and why:
 */
export const htmlValidateConfig: ConfigData = {
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements as `<meta … />`: both forms are valid HTML; the serializer chooses.
    'void-style': 'off',
    // React writes some attribute names in camelCase (`charSet`, `hrefLang`, `fetchPriority`,
    // `playsInline`, `popoverTarget`); HTML attribute names are case-insensitive. Uppercase stays an error.
    'attr-case': ['error', { style: ['lowercase', 'camelcase'] }],
    // React writes boolean and empty attributes as `async=""`, `hidden=""`: valid, and one style throughout.
    'attribute-boolean-style': ['error', { style: 'empty' }],
    'attribute-empty-style': ['error', { style: 'empty' }],
    // React's useId gives ids such as `_R_4mivb_` (popover targets, labels): valid HTML ids (no
    // whitespace, unique); the strict form also wants them to start with a letter.
    'valid-id': ['error', { relaxed: true }],
    // The language switcher's list is named ("Language", in the page's language): ARIA permits a name on
    // a list; by default the rule accepts one only on interactive elements and landmarks.
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
};
