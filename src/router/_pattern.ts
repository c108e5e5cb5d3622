// Path-pattern compiler shared by the router, HTTPExpression and createFSRouter.
import { RouteError } from "./errors.ts";
import { encodePathLiteral } from "./_path.ts";
import { checkConstraint, constraintEnd } from "./_constraint.ts";
import { canRead } from "./_regexp_ambiguity.ts";

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
  /**
   * Per segment, the source a route table uses: `segmentSources` except for
   * the multi-segment capture, which the table matches without capturing.
   */
  readonly tableSources: readonly string[];
  /** Number of capture groups of each segment in `tableSources`. */
  readonly segmentParams: readonly number[];
  /**
   * Specificity per segment, lower is more specific: static, mixed,
   * constrained param, param, (end of pattern), optional, one-or-more,
   * zero-or-more (see {@linkcode comparePatterns}).
   */
  readonly rank: readonly number[];
  /** Literal characters of each segment (tells mixed segments apart). */
  readonly segmentLiterals: readonly number[];
  /** Canonical shape: two patterns with the same key match the same paths. */
  readonly key: string;
  /**
   * Name of the multi-segment parameter (`*`, `:name*` or `:name+`, `"*"`
   * for a bare `*`), if any; a pattern has at most one.
   */
  readonly wildcard: string | undefined;
  /**
   * Index of the segment that ends in a suffix wildcard (`/assets*`), or -1:
   * among mixed segments with as much literal text, it ranks last.
   */
  readonly suffixSegment: number;
}

const NAME = /^[A-Za-z0-9_]+/;

/** Rank of a literal segment. */
export const RANK_STATIC = 0;
const RANK_MIXED = 1;
/** A whole-segment parameter with a `{regex}` constraint. */
const RANK_CONSTRAINED = 2;
/** Rank of a `:param` segment. */
export const RANK_PARAM = 3;
/**
 * Where a pattern has no more segments. A route that ends where another
 * continues with an optional or wildcard segment is the more specific one
 * (`/a/:id` beats `/a/:id/*` on `/a/1`: it consumed no optional part), and
 * one continuing with a literal or parameter beats the one that ended (on
 * `/a/x`, `/a/:id?/:p` takes `x` as a parameter, `/a/:id?` as an optional).
 */
const RANK_END = 4;
const RANK_OPTIONAL = 5;
/** Rank of a one-or-more segments parameter (`:name+`). */
export const RANK_PLUS = 6;
/** Rank of a zero-or-more segments wildcard (`*`, `:name*`). */
export const RANK_WILDCARD = 7;

/**
 * Optional segments a pattern may have. Each doubles the ways a path can
 * be tried against the pattern before it fails (`/:a?/:b?/x` tries a and
 * b, a alone, b alone, neither), so matching stays linear in the path
 * with a factor of at most 2⁴ = 16 for the pattern.
 */
export const MAX_OPTIONAL_SEGMENTS = 4;

/** Characters a `\` makes literal in a pattern. */
const ESCAPABLE = ":*{}()+-";

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
 * The RegExp source of a `{…}` constraint that starts at offset `at` of
 * `source`, or the RouteError that refuses it.
 */
function constraintSource(
  source: string,
  constraint: string,
  at: number,
): string {
  const checked = checkConstraint(constraint);
  if (typeof checked === "string") return checked;
  return fail(
    source,
    at + checked.offset,
    `constraint {${constraint}}: ${checked.why}`,
  );
}

/**
 * Compiles a path pattern: `/users/:id`, `/v:version/x`, `/posts/:slug?`,
 * `/ids/:id{[0-9]+}`, `/static/*`, `/files/:path*`, `/files/:path+`,
 * `/a/*\/b`; `\:`, `\*` and the other syntax characters escaped with `\`
 * are literal. Everything else is literal text.
 *
 * @throws {RouteError} `INVALID_PATTERN` for a pattern that cannot match as
 * written, or syntax the language does not have, at its offset.
 */
export function parsePattern(source: string): Pattern {
  if (source === "*" || source === "/*") source = "/*";
  if (!source.startsWith("/")) fail(source, 0, 'a pattern starts with "/"');
  const params: string[] = [];
  const rank: number[] = [];
  const segmentSources: string[] = [];
  const tableSources: string[] = [];
  const segmentParams: number[] = [];
  const segmentLiterals: number[] = [];
  let key = "";
  let staticPath = "";
  let literalOnly = true;
  let wildcard: string | undefined;
  let suffixSegment = -1;
  let stars = 0;
  let optionals = 0;
  let offset = 0;
  const addParam = (name: string, at: number) => {
    if (params.includes(name)) {
      fail(source, at, `duplicate parameter ":${name}"`);
    }
    params.push(name);
    literalOnly = false;
  };
  const multiSegment = (name: string, at: number) => {
    if (wildcard !== undefined) {
      fail(
        source,
        at,
        "a pattern has at most one multi-segment parameter (*, :name*, :name+, a suffix *): matching stays linear",
      );
    }
    addParam(name, at);
    wildcard = name;
  };
  const segments = splitSegments(source);
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const segmentOffset = offset + 1;
    offset += segment.length + 1;
    // Whole-segment forms: wildcards, optional parameters, constrained ones.
    const whole = /^(?::([A-Za-z0-9_]+)|(?=\*$))(\{.*\})?([*+?]?)$/.exec(
      segment,
    );
    const braces = whole?.[2];
    const isWhole = whole !== null &&
      (whole[3] !== "" || braces !== undefined) &&
      // `:a{x}y{z}` is one parameter followed by text, not `{x}y{z}`.
      (braces === undefined ||
        constraintEnd(segment, segment.indexOf("{")) ===
          segment.length - 1 - whole[3].length);
    if (isWhole) {
      const [, name, , marker] = whole!;
      const paramName = name ?? "*";
      const at = segmentOffset;
      if (marker === "*" || marker === "+") {
        if (braces !== undefined) {
          fail(
            source,
            at,
            `a constraint applies to one segment; ":${paramName}${marker}" spans several`,
          );
        }
        multiSegment(paramName, at);
        const plus = marker === "+";
        segmentSources.push(plus ? "/(.+)" : "(?:/(.*))?");
        tableSources.push(plus ? "/.+" : "(?:/.*)?");
        segmentParams.push(0);
        key += plus ? "/+" : "/*";
        rank.push(plus ? RANK_PLUS : RANK_WILDCARD);
        segmentLiterals.push(0);
        continue;
      }
      addParam(paramName, at);
      const value = braces === undefined
        ? "[^/]+"
        : constraintSource(source, braces.slice(1, -1), at + name!.length + 2);
      const capture = braces === undefined ? "([^/]+)" : `((?:${value}))`;
      const optional = marker === "?";
      if (optional && ++optionals > MAX_OPTIONAL_SEGMENTS) {
        fail(
          source,
          at,
          `a pattern has at most ${MAX_OPTIONAL_SEGMENTS} optional segments: each doubles the ways a path is tried (matching stays linear); register the longer forms as routes of their own`,
        );
      }
      const text = optional ? `(?:/${capture})?` : `/${capture}`;
      segmentSources.push(text);
      tableSources.push(text);
      segmentParams.push(1);
      key += (optional ? "/:?" : "/:") + (braces ?? "");
      rank.push(
        optional
          ? RANK_OPTIONAL
          : braces === undefined
          ? RANK_PARAM
          : RANK_CONSTRAINED,
      );
      segmentLiterals.push(0);
      continue;
    }
    const last = index === segments.length - 1;
    const parsed = parseSegment(source, segment, segmentOffset, {
      addParam,
      star(at, suffix) {
        if (!suffix || !last) {
          const name = String(stars++);
          addParam(name, at);
          return false;
        }
        multiSegment("*", at);
        suffixSegment = index;
        return true;
      },
    });
    segmentSources.push(parsed.regex);
    tableSources.push(parsed.table);
    segmentParams.push(parsed.params);
    segmentLiterals.push(parsed.literalLength);
    key += parsed.key;
    staticPath += parsed.path;
    rank.push(
      parsed.params === 0 && parsed.table === parsed.regex
        ? RANK_STATIC
        : parsed.literalLength > 0
        ? RANK_MIXED
        : RANK_PARAM,
    );
  }
  return {
    source,
    params,
    staticPath: literalOnly ? staticPath : undefined,
    regexSource: segmentSources.join(""),
    segmentSources,
    tableSources,
    segmentParams,
    segmentLiterals,
    rank,
    key,
    wildcard,
    suffixSegment,
  };
}

/** The segments after the leading "/"; a "/" inside a constraint does not split. */
function splitSegments(source: string): string[] {
  const segments: string[] = [];
  let start = 1;
  for (let i = 1; i <= source.length; i++) {
    if (i === source.length || source[i] === "/") {
      segments.push(source.slice(start, i));
      start = i + 1;
    } else if (source[i] === "\\") {
      // A trailing "\" escapes nothing: it stays in the last segment, whose
      // parser refuses it, instead of stepping past the end and dropping it.
      if (i + 1 < source.length) i++;
    } else if (source[i] === "{" && source[i - 1] !== "\\") {
      const end = constraintEnd(source, i);
      if (end !== -1) i = end;
    }
  }
  return segments;
}

interface ParsedSegment {
  readonly regex: string;
  /** `regex` without the capture of a suffix wildcard (see `tableSources`). */
  readonly table: string;
  readonly key: string;
  /** The literal text, for a segment without parameters. */
  readonly path: string;
  readonly params: number;
  readonly literalLength: number;
}

/** What a segment's parser reports to the pattern's. */
interface SegmentHooks {
  addParam(name: string, at: number): void;
  /**
   * Registers a `*` glued to text; `ends` when it is the segment's last
   * character. True when it is the pattern's suffix wildcard (`/assets*`),
   * false for a one-segment wildcard (`*.png`), a parameter named by its
   * place ("0", "1", … as rou3 names them).
   */
  star(at: number, ends: boolean): boolean;
}

/**
 * A segment of literal text, parameters and in-segment wildcards
 * (`v:version`, `:name.:ext`, `*.png`, `assets*`, `me`).
 */
function parseSegment(
  source: string,
  segment: string,
  segmentOffset: number,
  hooks: SegmentHooks,
): ParsedSegment {
  let regex = "";
  let key = "/";
  let path = "/";
  let literal = "";
  let params = 0;
  let literalLength = 0;
  let previousWasParam = false;
  let separator = "";
  let suffix = false;
  const flush = () => {
    if (literal === "") return;
    const encoded = encodePathLiteral(literal);
    separator = encoded;
    regex += escapeRegExp(encoded);
    path += encoded;
    // Escaped so that a literal ":" never reads as a parameter's.
    key += encoded.replace(/[\\:*{}]/g, "\\$&");
    literalLength += literal.length;
    literal = "";
  };
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i];
    const at = segmentOffset + i;
    if (char === ":") {
      const name = NAME.exec(segment.slice(i + 1))?.[0] ?? "";
      let end = i + 1 + name.length;
      if (name === "") {
        fail(
          source,
          at,
          'a ":" must be followed by a parameter name (write \\: for a literal ":")',
        );
      }
      if (literal === "" && previousWasParam) {
        fail(source, at, "two parameters need literal text between them");
      }
      const next = segment[end];
      if (next === "?" || next === "*" || next === "+") {
        fail(
          source,
          segmentOffset + end,
          `":${name}${next}" must be a whole segment (write \\${next} for a literal "${next}")`,
        );
      }
      if (next === "(") {
        fail(
          source,
          segmentOffset + end,
          `a constraint is written :${name}{regex}, not in parentheses`,
        );
      }
      flush();
      let capture: string;
      if (next === "{") {
        const close = constraintEnd(segment, end);
        if (close === -1) {
          fail(source, segmentOffset + end, `unclosed "{" after ":${name}"`);
        }
        const constraint = segment.slice(end + 1, close);
        capture = `((?:${
          constraintSource(source, constraint, segmentOffset + end + 1)
        }))`;
        const stop = separator[separator.length - 1];
        if (params > 0 && canRead(constraint, stop)) {
          // Each place the earlier parameter gives back would start this
          // constraint again and let it run on: quadratic in the segment.
          fail(
            source,
            segmentOffset + end + 1,
            `a constraint after another parameter of its segment cannot match ${
              JSON.stringify(stop)
            }, the last character of the text before it (matching stays linear)`,
          );
        }
        key += `:{${constraint}}`;
        end = close + 1;
      } else {
        capture = params > 0 ? followingParamSource(separator) : "([^/]+)";
        key += ":";
      }
      hooks.addParam(name, at);
      regex += capture;
      params++;
      previousWasParam = true;
      i = end - 1;
      continue;
    }
    let literalChar = char;
    if (char === "\\") {
      const next = segment[i + 1] ?? "";
      if (next === "" || !ESCAPABLE.includes(next)) {
        // The URL parser turns "\" into "/" in http(s) paths.
        fail(
          source,
          at,
          `"\\" escapes one of ${ESCAPABLE}; a request path cannot hold "\\" itself (URLs read it as "/"): write %5C for an encoded backslash`,
        );
      }
      literalChar = next;
      i++;
    } else if (char === "*") {
      if (literal === "" && previousWasParam) {
        fail(
          source,
          at,
          segment[i - 1] === "*"
            ? 'two parameters need literal text between them (rou3\'s "**" is "*" here, a segment of its own)'
            : "two parameters need literal text between them",
        );
      }
      flush();
      suffix = hooks.star(at, i === segment.length - 1);
      if (suffix) {
        // The rest of the path, "/" included, possibly nothing (hono's and
        // find-my-way's `/assets*`); a table RegExp does not capture it.
        regex += "(.*)";
        key += "*";
      } else {
        regex += params > 0 ? followingParamSource(separator) : "([^/]+)";
        params++;
        key += ":";
      }
      previousWasParam = true;
      continue;
    } else if (char === "{" || char === "}") {
      fail(
        source,
        at,
        `"${char}" opens a constraint only after a parameter name (:id{[0-9]+}); write \\${char} for a literal brace`,
      );
    } else if (char === "?" || char === "#") {
      fail(source, at, `"${char}" cannot occur in a request path`);
    } else if (char.trim() === "") fail(source, at, "white space in a pattern");
    literal += literalChar;
    previousWasParam = false;
  }
  flush();
  return {
    regex: "/" + regex,
    table: "/" + (suffix ? regex.slice(0, -"(.*)".length) + ".*" : regex),
    key,
    path,
    params,
    literalLength,
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
    if (left !== RANK_MIXED) continue;
    if (a.segmentLiterals[i] !== b.segmentLiterals[i]) {
      return b.segmentLiterals[i] - a.segmentLiterals[i];
    }
    const aSpans = a.suffixSegment === i;
    if (aSpans !== (b.suffixSegment === i)) return aSpans ? 1 : -1;
  }
  return 0;
}
