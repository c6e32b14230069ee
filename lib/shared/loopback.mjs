// @ts-check
// Plain JavaScript: the build scripts (lib/config/build-marker.mjs) read it without a compiler, and
// decide what counts as a production build by the same rule the server uses for production.

/**
 * True for hosts that only this machine can reach, where cookies cannot be `Secure`.
 * @param {string} hostname
 * @returns {boolean}
 */
export function isLoopbackHost(hostname) {
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(?:\.\d{1,3}){3}$/.test(hostname)
  );
}
