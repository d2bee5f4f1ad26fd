// The language switch (views/langSwitch.ts): a language chosen closes the menu at once.
import { beforeEach, describe, expect, it } from "vitest";
import { getLang, setLang, setTables } from "./i18n";
import { labelTables } from "./testdata";
import { languageSwitch } from "./views/langSwitch";

describe("the language switch", () => {
  beforeEach(() => {
    setTables(labelTables);
    setLang("zh");
    document.body.replaceChildren();
  });

  it("closes its menu when a language is chosen, before the screen is drawn again", () => {
    let redraws = 0;
    // The screen's draw waits on the office: nothing is drawn again while the next tap comes.
    const sw = languageSwitch(() => {
      redraws += 1;
    });
    document.body.append(sw);
    const menu = sw.querySelector<HTMLElement>("[data-testid=lang-menu]")!;
    sw.querySelector<HTMLButtonElement>("[data-testid=lang]")!.click();
    expect(menu.hidden).toBe(false);
    sw.querySelector<HTMLButtonElement>("[data-testid=lang-ko]")!.click();
    expect(getLang()).toBe("ko");
    expect(redraws).toBe(1);
    expect(menu.hidden).toBe(true);
    expect(sw.querySelector("[data-testid=lang]")!.getAttribute("aria-expanded")).toBe("false");
  });
});
