import { beforeEach, describe, expect, it } from "vitest";
import type { CatalogueEntry } from "./bindings/CatalogueEntry";
import { setLang } from "./i18n";
import { cataloguedRulings } from "./views/recordForm";

const label = (zh: string, en: string) => ({ zh, en, zh_hant: zh, ko: en, ja: zh });
const row = (ruling: string, min_role: string, when: [string, string]) => ({
  ruling,
  label: label(ruling, ruling),
  article: "17.4",
  article_label: label("第十七条四", "Art. 17.4"),
  min_role,
  when: label(...when),
});

/** 第十七条四 as the catalogue lists it: one ruling under two conditions, one the chief's alone. */
const scattered = {
  incident: "board_scattered",
  rulings: [
    row("reconstruct", "referee", ["不可抗力且能复盘", "force majeure, can be reconstructed"]),
    row("reconstruct", "referee", ["无意且能复盘", "unintentional, can be reconstructed"]),
    row("offender_loses", "referee", ["故意", "deliberate"]),
    row("draw", "chief_arbiter", ["不可抗力且不能复盘", "force majeure, cannot be reconstructed"]),
  ],
} as unknown as CatalogueEntry;

describe("a phone offline offers the catalogue's rulings", () => {
  beforeEach(() => setLang("en"));

  it("each once, with every condition the rules give it under", () => {
    expect(cataloguedRulings(scattered, "referee")).toEqual([
      {
        ruling: "reconstruct",
        article: "17.4",
        when: "force majeure, can be reconstructed / unintentional, can be reconstructed",
      },
      { ruling: "offender_loses", article: "17.4", when: "deliberate" },
    ]);
  });

  it("only those the official's role may give", () => {
    expect(cataloguedRulings(scattered, "chief_arbiter").map((r) => r.ruling)).toEqual([
      "reconstruct",
      "offender_loses",
      "draw",
    ]);
    expect(cataloguedRulings(scattered, "organiser")).toEqual([]);
  });
});
