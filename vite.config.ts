import { readFileSync } from "node:fs";
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

// Remix's settings live here (its Vite plugin); there is no remix.config.js.
export default defineConfig({
  plugins: [
    peerAddressHeader(),
    tailwindcss(),
    remix({
      // BUILD_DIR lets two builds run side by side (tests, parallel work); the default is build/.
      buildDirectory: process.env.BUILD_DIR ?? "build",
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
  ],
  server: { port: 3000 },
  // Server-only packages the dev server's browser dependency scan must not try to bundle.
  optimizeDeps: { exclude: ["@node-rs/argon2"] },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "svg-captcha", "ioredis", "@vladmandic/face-api", "@tensorflow/tfjs", "@tensorflow/tfjs-backend-wasm", "jpeg-js", "pngjs"] },
});
