// "Once the first view is on screen", for the inline script Urdu's later-face fetch uses
// (scripts/fonts/build.mjs). ES5 source, as it runs before any polyfill.
// whenPainted(fn) calls fn once the browser reports the first contentful paint, or at once where no
// paint will be reported: a hidden tab (Chromium reports none for it), a browser without paint timing.
export const whenPaintedSource =
  'function whenPainted(fn){var P=window.PerformanceObserver;' +
  'if(document.visibilityState==="hidden"||!P||!P.supportedEntryTypes||P.supportedEntryTypes.indexOf("paint")<0)return fn();' +
  'new P(function(list,o){if(list.getEntriesByName("first-contentful-paint").length){o.disconnect();fn();}})' +
  '.observe({type:"paint",buffered:true});}';
