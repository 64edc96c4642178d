import { vitePlugin as remix } from "@remix-run/dev";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

// Remix's settings live here (its Vite plugin); there is no remix.config.js.
export default defineConfig({
  plugins: [
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
  ],
  server: { port: 3000 },
  build: { target: "es2022" },
  ssr: { external: ["@electric-sql/pglite", "postgres", "@node-rs/argon2", "svg-captcha", "ioredis"] },
});
