import { defineConfig } from "vite";

// The same build serves the Tauri window and the office's web pages (relative paths for both).
export default defineConfig({
  base: "./",
  clearScreen: false,
  build: { outDir: "dist", emptyOutDir: true, target: "es2022" },
  test: { environment: "jsdom", globals: true, include: ["src/**/*.test.ts"] },
});
