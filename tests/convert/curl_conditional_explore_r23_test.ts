// What an exploratory mutation draw over the curl reader (round 23, seed
// 990025, narrowed to src/convert/_curl_*) showed no test checked: inside
// `[[ … ]]`, an operator's name split by two line continuations in a row
// (`-` ⏎ ⏎ `n`) is still that operator, as bash reads it; the survivor
// kept the second backslash in the name and refused the command.
import { describe, it } from "../_harness.ts";
import { assertAllReadAsBash } from "./_bash_syntax.ts";

describe("curl reader: [[ … ]] operator names split by line continuations", () => {
  it("are read whole however many continuations split them, as bash reads them", async () => {
    await assertAllReadAsBash([
      "curl x/$([[ -\\\nn a ]])/z",
      "curl x/$([[ -\\\n\\\nn a ]])/z",
      "curl x/$([[ a =\\\n\\\n= b ]])/z",
      "curl x/$([[ a -\\\n\\\neq 1 ]])/z",
    ]);
  });
});
