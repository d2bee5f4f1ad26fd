// Where a choice is kept: in the app, the shell's preferences file (through its commands),
// nothing in the WebView's localStorage; in a browser, that browser's localStorage.
import { beforeEach, describe, expect, it, vi } from "vitest";

beforeEach(() => {
  localStorage.clear();
  vi.resetModules();
});

/** A shell whose preferences file holds `file` and records every write. */
function shell(file: unknown) {
  const writes: unknown[] = [];
  const invoke = async <T>(cmd: string, args?: Record<string, unknown>): Promise<T> => {
    if (cmd === "preferences") return file as T;
    if (cmd === "set_preferences") {
      writes.push(args?.preferences);
      return args?.preferences as T;
    }
    throw new Error(`unexpected command ${cmd}`);
  };
  return { invoke, writes };
}

describe("the app's preferences", () => {
  it("are read from the app's file, whatever the WebView's localStorage says, and written back there", async () => {
    localStorage.setItem("lang", "ko");
    localStorage.setItem("queueMuted", "1");
    const prefs = await import("./prefs");
    const i18n = await import("./i18n");
    const { invoke, writes } = shell({ lang: "ja", queue_muted: false });
    await prefs.useAppPreferences(invoke);
    i18n.useChosenLang();
    expect(i18n.getLang()).toBe("ja");
    expect(prefs.queueMuted()).toBe(false);
    i18n.setLang("en");
    prefs.setQueueMuted(true);
    expect(writes).toEqual([
      { lang: "en", queue_muted: false },
      { lang: "en", queue_muted: true },
    ]);
    expect([localStorage.getItem("lang"), localStorage.getItem("queueMuted")]).toEqual(["ko", "1"]);
  });

  it(
    "an app with no choice kept is in the system's language, else the " +
      "ruleset's, never the one its WebView once kept",
    async () => {
      localStorage.setItem("lang", "ja");
      const system = vi.spyOn(navigator, "languages", "get").mockReturnValue(["zh-TW"]);
      const prefs = await import("./prefs");
      const i18n = await import("./i18n");
      await prefs.useAppPreferences(shell({ lang: null, queue_muted: false }).invoke);
      i18n.useChosenLang();
      expect(i18n.langChosen()).toBe(false);
      expect(i18n.getLang()).toBe("zh_hant");
      i18n.defaultLangFor("korean");
      expect(i18n.getLang()).toBe("zh_hant");
      // A system in none of the five languages: the ruleset's.
      system.mockReturnValue(["fr-FR"]);
      i18n.useChosenLang();
      i18n.defaultLangFor("korean");
      expect(i18n.getLang()).toBe("ko");
      system.mockRestore();
    },
  );

  it("a file the shell cannot read leaves the defaults, and the next choice replaces it", async () => {
    const prefs = await import("./prefs");
    const i18n = await import("./i18n");
    const writes: unknown[] = [];
    const spy = vi.spyOn(console, "error").mockImplementation(() => undefined);
    await prefs.useAppPreferences(async <T>(cmd: string, args?: Record<string, unknown>): Promise<T> => {
      if (cmd === "preferences") throw { code: "store_damaged", message: "the preferences … cannot be read" };
      writes.push(args?.preferences);
      return args?.preferences as T;
    });
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
    expect(i18n.langChosen()).toBe(false);
    i18n.setLang("zh_hant");
    expect(writes).toEqual([{ lang: "zh_hant", queue_muted: false }]);
  });
});

describe("a browser's preferences", () => {
  it("stay in its localStorage", async () => {
    const prefs = await import("./prefs");
    const i18n = await import("./i18n");
    i18n.setLang("ja");
    prefs.setQueueMuted(true);
    expect([localStorage.getItem("lang"), localStorage.getItem("queueMuted")]).toEqual(["ja", "1"]);
    vi.resetModules();
    const again = await import("./i18n");
    expect(again.getLang()).toBe("ja");
    expect(again.langChosen()).toBe(true);
  });
});
