/**
 * Switchyard: HTTP messages moved between forms and between handlers.
 *
 * @module
 */
export * from "./src/convert/types.ts";
export * from "./src/convert/errors.ts";
