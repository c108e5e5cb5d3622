// What an exploratory mutation draw over the curl reader (round 23, seed
// 990025, narrowed to src/convert/_curl_*) showed no test checked: in a
// `<<-` here-document inside `$(…)`, the leading tabs of the body's first
// line are dropped too, so a first line that is the tab-indented delimiter
// ends the body, as bash reads it; the survivor dropped them from the
// second line on and read on past the delimiter.
import { describe, it } from "../_harness.ts";
import { assertAllReadAsBash } from "./_bash_syntax.ts";

describe("curl reader: <<- inside $(…), the body's first line", () => {
  it("loses its leading tabs like every other line, as bash reads it", async () => {
    await assertAllReadAsBash([
      "curl x/$(cat <<-EOF\n\tEOF\n)/z",
      "curl x/$(cat <<-EOF\n\t\tEOF\n)/z",
      "curl x/$(cat <<-EOF\n\tbody\n\tEOF\n)/z",
      "curl x/$(cat <<-EOF\n\tEOF\necho ok)/z",
    ]);
  });
});
