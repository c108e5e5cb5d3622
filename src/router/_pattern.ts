// Path-pattern compiler shared by the router, HTTPExpression and createFSRouter.
import { RouteError } from "./errors.ts";
import { encodePathLiteral } from "./_path.ts";

/** A compiled path pattern. */
export interface Pattern {
  /** The pattern as written (after the base path was prepended). */
  readonly source: string;
  /** Parameter names in the order of their capture groups. */
  readonly params: readonly string[];
  /** The normalized literal path when the pattern has no parameter or wildcard. */
  readonly staticPath: string | undefined;
  /** Regular-expression source, unanchored, one capture group per parameter. */
  readonly regexSource: string;
  /** `regexSource` cut per segment, each with its leading `/`. */
  readonly segmentSources: readonly string[];
  /** Number of parameters of each segment. */
  readonly segmentParams: readonly number[];
  /**
   * Specificity per segment, lower is more specific: static 0, mixed 1,
   * param 2, optional 4, wildcard 5 (3 is the end of a pattern, see
   * {@linkcode comparePatterns}).
   */
  readonly rank: readonly number[];
  /** Literal characters of each segment (tells mixed segments apart). */
  readonly segmentLiterals: readonly number[];
  /** Canonical shape: two patterns with the same key match the same paths. */
  readonly key: string;
  /** Name of the trailing wildcard parameter (`"*"` for a bare `*`), if any. */
  readonly wildcard: string | undefined;
}

const NAME_CHAR = /[A-Za-z0-9_]/;

/** Rank of a literal segment. */
export const RANK_STATIC = 0;
const RANK_MIXED = 1;
/** Rank of a `:param` segment. */
export const RANK_PARAM = 2;
/**
 * Where a pattern has no more segments. A route that ends where another
 * continues with an optional or wildcard segment is the more specific one
 * (`/a/:id` beats `/a/:id/*` on `/a/1`: it consumed no optional part), and
 * one continuing with a literal or parameter beats the one that ended (on
 * `/a/x`, `/a/:id?/:p` takes `x` as a parameter, `/a/:id?` as an optional).
 */
const RANK_END = 3;
const RANK_OPTIONAL = 4;
/** Rank of a trailing wildcard segment. */
export const RANK_WILDCARD = 5;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}

/**
 * The capture of a parameter that follows another one in the same segment,
 * separated by the literal `separator`: it may not contain the separator.
 * Then the earlier parameter is the only one that can give characters back,
 * so a failing match costs one pass over the segment per earlier parameter
 * instead of trying every split (`/:a-:b-:c/x` against a segment of 3000
 * dashes took 30 s). The first parameter stays greedy: `/:name.:ext` still
 * splits `a.tar.gz` as `a.tar` + `gz`.
 */
function followingParamSource(separator: string): string {
  if (separator.length === 1) {
    const char = /[\\\]^-]/.test(separator) ? "\\" + separator : separator;
    return `([^/${char}]+)`;
  }
  return `((?:(?!${escapeRegExp(separator)})[^/])+)`;
}

function fail(source: string, offset: number, why: string): never {
  throw new RouteError({
    code: "INVALID_PATTERN",
    message: `Invalid path pattern ${
      JSON.stringify(source)
    } at offset ${offset}: ${why}`,
    offset,
  });
}

/**
 * The text the compiled RegExps see for a normalized request path. The root
 * path `/` is the empty path to them: a pattern of optional segments
 * (`/:lang?`) compiles to `(?:/([^/]+))?`, which matches "" but not "/",
 * and a wildcard (`/*`) matches both, so `/` must reach them as "".
 */
export function regExpPath(path: string): string {
  return path === "/" ? "" : path;
}

/**
 * Compiles a path pattern: `/users/:id`, `/v:version/x`, `/posts/:slug?`,
 * `/static/*`, `/files/:path*`. Everything else is literal text.
 *
 * @throws {RouteError} `INVALID_PATTERN` for a pattern that cannot match as written.
 */
export function parsePattern(source: string): Pattern {
  if (source === "*" || source === "/*") source = "/*";
  if (!source.startsWith("/")) fail(source, 0, 'a pattern starts with "/"');
  const params: string[] = [];
  const rank: number[] = [];
  const segmentSources: string[] = [];
  const segmentParams: number[] = [];
  const segmentLiterals: number[] = [];
  let key = "";
  let literalOnly = true;
  let wildcard: string | undefined;
  let offset = 0;
  const segments = source.slice(1).split("/");
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const segmentOffset = offset + 1;
    offset += segment.length + 1;
    const last = index === segments.length - 1;
    // Whole-segment forms: wildcard, named wildcard, optional parameter.
    const whole = /^(?::([A-Za-z0-9_]+))?([*?])$/.exec(segment) ??
      (segment === "*" ? [segment, undefined, "*"] : null);
    if (whole) {
      const [, name, marker] = whole;
      if (marker === "?" && name === undefined) {
        fail(
          source,
          segmentOffset,
          '"?" is only allowed after a parameter name',
        );
      }
      const paramName = name ?? "*";
      if (params.includes(paramName)) {
        fail(source, segmentOffset, `duplicate parameter ":${paramName}"`);
      }
      params.push(paramName);
      literalOnly = false;
      if (marker === "*") {
        if (!last) {
          fail(
            source,
            segmentOffset,
            '"*" is only allowed as the last segment',
          );
        }
        segmentSources.push("(?:/(.*))?");
        wildcard = paramName;
        key += "/*";
        rank.push(RANK_WILDCARD);
      } else {
        segmentSources.push("(?:/([^/]+))?");
        key += "/:?";
        rank.push(RANK_OPTIONAL);
      }
      segmentParams.push(1);
      segmentLiterals.push(0);
      continue;
    }
    const paramsBefore = params.length;
    let segmentRegex = "";
    let literal = "";
    let hasParam = false;
    let hasLiteral = false;
    let literalLength = 0;
    let previousWasParam = false;
    let separator = "";
    const flush = () => {
      if (literal === "") return;
      const encoded = encodePathLiteral(literal);
      separator = encoded;
      segmentRegex += escapeRegExp(encoded);
      key += encoded;
      literalLength += literal.length;
      hasLiteral = true;
      literal = "";
    };
    key += "/";
    for (let i = 0; i < segment.length; i++) {
      const char = segment[i];
      const at = segmentOffset + i;
      if (char === ":") {
        let end = i + 1;
        while (end < segment.length && NAME_CHAR.test(segment[end])) end++;
        const name = segment.slice(i + 1, end);
        if (name === "") {
          fail(source, at, 'a ":" must be followed by a parameter name');
        }
        if (literal === "" && previousWasParam) {
          fail(source, at, "two parameters need literal text between them");
        }
        if (segment[end] === "?" || segment[end] === "*") {
          fail(
            source,
            at + end - i,
            `":${name}${segment[end]}" must be a whole segment`,
          );
        }
        if (params.includes(name)) {
          fail(source, at, `duplicate parameter ":${name}"`);
        }
        flush();
        params.push(name);
        segmentRegex += hasParam ? followingParamSource(separator) : "([^/]+)";
        key += ":";
        hasParam = true;
        previousWasParam = true;
        i = end - 1;
        continue;
      }
      if (char === "*") {
        fail(source, at, '"*" is only allowed as a whole last segment');
      }
      if (char === "?" || char === "#") {
        fail(source, at, `"${char}" cannot occur in a request path`);
      }
      if (char === "\\") {
        // The URL parser turns "\" into "/" in http(s) paths.
        fail(
          source,
          at,
          '"\\" cannot occur in a request path (URLs read it as "/"); write %5C for an encoded backslash',
        );
      }
      if (char.trim() === "") fail(source, at, "white space in a pattern");
      literal += char;
      previousWasParam = false;
    }
    flush();
    segmentSources.push("/" + segmentRegex);
    segmentParams.push(params.length - paramsBefore);
    segmentLiterals.push(literalLength);
    if (hasParam) literalOnly = false;
    rank.push(hasParam ? (hasLiteral ? RANK_MIXED : RANK_PARAM) : RANK_STATIC);
  }
  return {
    source,
    params,
    staticPath: literalOnly ? key : undefined,
    regexSource: segmentSources.join(""),
    segmentSources,
    segmentParams,
    segmentLiterals,
    rank,
    key,
    wildcard,
  };
}

/**
 * Orders patterns from most to least specific, segment by segment: the
 * first segment whose kind differs decides (literal, literal with parameter,
 * parameter, end of pattern, optional, wildcard); between two segments that
 * mix literal text and parameters, more literal characters win. 0 when
 * neither is more specific: then the two patterns either match no common
 * path or differ only in the literal text of mixed segments.
 */
export function comparePatterns(a: Pattern, b: Pattern): number {
  const length = Math.max(a.rank.length, b.rank.length);
  for (let i = 0; i < length; i++) {
    const left = i < a.rank.length ? a.rank[i] : RANK_END;
    const right = i < b.rank.length ? b.rank[i] : RANK_END;
    if (left !== right) return left - right;
    if (left === RANK_MIXED && a.segmentLiterals[i] !== b.segmentLiterals[i]) {
      return b.segmentLiterals[i] - a.segmentLiterals[i];
    }
  }
  return 0;
}
