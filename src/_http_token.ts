// RFC 9110's token, the grammar of methods and header names, shared by the
// conversion library and the template router.

/** A whole RFC 9110 token (methods, header field names). */
export const TOKEN: RegExp = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The first character that cannot be part of a token (for error offsets). */
export const NOT_TOKEN_CHAR: RegExp = /[^!#$%&'*+\-.^_`|~0-9A-Za-z]/;
