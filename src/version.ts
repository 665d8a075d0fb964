/**
 * The library's own version, for what it writes about itself (a recording's header). It is the
 * `version` of package.json; a test holds the two equal (the command line reads package.json
 * itself, but the library also runs in browsers, where there is no file to read).
 *
 * @module
 */

/** The name the library writes about itself. */
export const LIBRARY_NAME = 'mexc-rx';

/** The library's version: package.json's `version`. */
export const LIBRARY_VERSION = '0.1.0';
