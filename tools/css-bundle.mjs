// Join stylesheets into one file each with esbuild, for tools/css_bundle.py.
//
// Reads JSON on stdin: {"root": the built site, "bundles": {bundle: [part, ...]}}, paths from
// the site's root. esbuild puts each part's @import rules in place, in the cascade's order,
// and minifies; every relative url() is rewritten for the bundle's folder and left external,
// so the fonts and images stay where the parts have them (nothing is copied or inlined).
// Each bundle starts with a comment naming its parts, which css_bundle.parts_of reads.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import path from "node:path";

const { root, bundles } = JSON.parse(readFileSync(0, "utf-8"));

function rebaseUrls(bundleDir) {
  return {
    name: "rebase-urls",
    setup(b) {
      b.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind !== "url-token") return undefined;
        // Absolute, root-relative and fragment URLs mean the same from any folder.
        if (/^([a-z][a-z0-9+.-]*:|\/|#)/i.test(args.path))
          return { path: args.path, external: true };
        const [, file, tail] = args.path.match(/^([^?#]*)(.*)$/s);
        const target = path.resolve(args.resolveDir, file);
        return {
          path: path.relative(bundleDir, target).split(path.sep).join("/") + tail,
          external: true,
        };
      });
    },
  };
}

await Promise.all(
  Object.entries(bundles).map(([bundle, parts]) => {
    const outfile = path.join(root, bundle);
    return build({
      stdin: {
        contents: parts.map((part) => `@import ${JSON.stringify(`./${part}`)};`).join("\n"),
        resolveDir: root,
        loader: "css",
      },
      bundle: true,
      minify: true,
      charset: "utf8",
      outfile,
      banner: { css: `/* parts: ${parts.join(" ")} */` },
      plugins: [rebaseUrls(path.dirname(outfile))],
      logLevel: "warning",
    });
  }),
);
