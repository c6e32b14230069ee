// How a prerendered page says it is whole without the framework until the visitor acts: it renders
// this meta tag, and the build's paint-first step (scripts/build/paint-first.mjs) then starts the
// framework on the first interaction instead of after the first paint. Shared by the page that
// renders it and the step that reads it, so the two cannot drift apart.
export const ON_INTERACTION_META = Object.freeze({ name: 'quorum-framework', content: 'on-interaction' });
