import { defineConfig } from "vite";
import { precache } from "./precache";

// The same build serves the Tauri window and the office's web pages (relative paths for both).
export default defineConfig({
  base: "./",
  // The service worker keeps exactly the files this build wrote (precache.ts).
  plugins: [precache()],
  clearScreen: false,
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  // The unit tests read the glossary and the core's list of Simplified-only characters
  // (src/glossary.test.ts), outside this folder: those two places, and this folder, only.
  server: { fs: { allow: [".", "../docs", "../shared/domain/src/labels"] } },
  test: { environment: "jsdom", globals: true, include: ["src/**/*.test.ts"] },
});
