import { defineConfig } from "vite";

// The same build serves the Tauri window and the office's web pages (relative paths for both).
export default defineConfig({
  base: "./",
  clearScreen: false,
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  // The unit tests read the glossary and the core's list of Simplified-only characters
  // (src/glossary.test.ts), outside this folder: those two places, and this folder, only.
  server: { fs: { allow: [".", "../docs", "../shared/domain/src/labels"] } },
  test: { environment: "jsdom", globals: true, include: ["src/**/*.test.ts"] },
});
