import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Worker threads start from a file path: the server bundle gets the face worker next to it, where
// trpc/exam/face.service.ts looks for it (new URL("./face.worker.mjs", import.meta.url)).
function serverWorkerFiles(files: Record<string, string>): Plugin {
  let ssr = false;
  return {
    name: "server-worker-files",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    generateBundle() {
      if (!ssr) return;
      // Beside the entry and beside the chunks: once the server bundle is split (a page with a lazy part),
      // the code that starts the worker may sit in assets/.
      for (const [fileName, source] of Object.entries(files))
        for (const at of [fileName, `assets/${fileName}`]) this.emitFile({ type: "asset", fileName: at, source: readFileSync(source, "utf8") });
    },
  };
}

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/** Kinds of file worth compressing: text and WebAssembly, not images or fonts, which come compressed. */
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map|wasm)$/;
/** As the compression middleware's threshold in server.mjs: smaller files gain nothing worth a header. */
const COMPRESS_FROM_BYTES = 1024;

// The browser's scripts and styles compressed once at build time (Brotli at its best, gzip at 9), beside each
// file as name.br and name.gz; server.mjs sends the one a browser takes instead of compressing every answer.
// At an exam's start two thousand first visits each fetch every script of the exam page at once. Done after
// the server build, the last: Remix writes the browser's route manifest into assets/ during it.
function precompressedAssets(buildDirectory: string): Plugin {
  let ssr = false;
  return {
    name: "precompressed-assets",
    apply: "build",
    configResolved(config) {
      ssr = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (!ssr) return;
      const dir = join(buildDirectory, "client", "assets");
      await Promise.all(
        readdirSync(dir)
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const source = readFileSync(join(dir, name));
            if (source.length < COMPRESS_FROM_BYTES) return;
            const [br, gz] = await Promise.all([
              brotli(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length } }),
              gzipped(source, { level: 9 }),
            ]);
            if (br.length < source.length) writeFileSync(join(dir, `${name}.br`), br);
            if (gz.length < source.length) writeFileSync(join(dir, `${name}.gz`), gz);
          }),
      );
    },
  };
}

// As server.mjs does: the app reads the socket's address from a header only the server sets.
function peerAddressHeader(): Plugin {
  return {
    name: "peer-address-header",
    apply: "serve",
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        req.headers["x-cy-peer-address"] = req.socket.remoteAddress ?? "";
        next();
      });
    },
  };
}

// BUILD_DIR lets two builds run side by side (tests, parallel work); the default is build/.
const buildDirectory = process.env.BUILD_DIR ?? "build";

// Remix's settings live here (its Vite plugin); there is no remix.config.js.
export default defineConfig({
  plugins: [
    peerAddressHeader(),
    tailwindcss(),
    remix({
      buildDirectory,
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
      },
    }),
    tsconfigPaths(),
    serverWorkerFiles({ "face.worker.mjs": "trpc/exam/face.worker.mjs" }),
    precompressedAssets(buildDirectory),
  ],
  server: { port: 3000 },
  // Server-only packages the dev server's browser dependency scan must not try to bundle.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "svg-captcha", "ioredis", "@vladmandic/face-api", "@tensorflow/tfjs", "@tensorflow/tfjs-backend-wasm", "jpeg-js", "pngjs"] },
});
