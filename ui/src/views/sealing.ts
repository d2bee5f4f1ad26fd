// The sealed move (第十四条): on a tablet the sealing player enters the point, hidden, and the
// ledger gets only its seal; at resumption the referee opens it once both players are there.
// Drawn in the game screen's panel.

import type { Colour } from "../bindings/Colour";
import { h } from "../dom";
import { locale, t } from "../i18n";
import { confirmStep } from "./confirmStep";
import type { GameAt } from "./game";
import { askColour, askText, choice, colours } from "./recordForm";

/** 第十四条: on a tablet the sealing player enters the point, hidden; the ledger gets only its
 * seal. Elsewhere (the office's pages) the sealer is recorded and the envelope is paper. */
export function sealForm(at: GameAt): void {
  const { ctx, panel } = at;
  const game = at.view.state.game;
  const seal = ctx.backend.sealMove?.bind(ctx.backend);
  if (!seal) {
    askColour(at, `${t("seal")} · ${t("sealer")}`, (c) => ({ kind: "game_adjourned", data: { sealer: c } }));
    return;
  }
  let sealer: Colour | null = null;
  const point = h("input", {
    type: "password",
    autocomplete: "off",
    placeholder: "Q16",
    "data-testid": "seal-point",
  }) as HTMLInputElement;
  const note = h("p", { class: "error" });
  const sealers = choice(
    colours(),
    null,
    (c) => {
      sealer = c;
      for (const b of sealers.querySelectorAll("button")) b.classList.toggle("on", b.getAttribute("data-value") === c);
    },
    "seal-sealer",
  );
  panel.replaceChildren(
    h("h3", {}, t("seal")),
    h("p", {}, t("sealHint")),
    sealers,
    point,
    note,
    h(
      "button",
      {
        class: "primary",
        "data-testid": "seal-confirm",
        onclick: async () => {
          const p = point.value.trim();
          if (!sealer || !/^[A-HJ-Ta-hj-t](1[0-9]|[1-9])$/.test(p)) {
            note.textContent = t("sealNeeds");
            return;
          }
          try {
            await seal(game, sealer, p.toUpperCase());
            await ctx.reload(note);
          } catch (e) {
            note.textContent = (e as Error).message;
          }
        },
      },
      t("confirm"),
    ),
  );
}

/** 第十四条 resumption: the tablet that took the sealed move opens it; the referee says whether
 * the point is free (play it) or occupied (第二十二条: the move is void, one pass). */
export function unsealForm(at: GameAt): void {
  const { panel } = at;
  // 第十四条: 续赛时，裁判员当场启封 — the point is read only once both players are there.
  panel.replaceChildren(
    h("h3", {}, t("unseal")),
    h("p", { "data-testid": "unseal-ask" }, t("unsealAsk")),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        { class: "primary", "data-testid": "unseal-both-present", onclick: () => void unsealPresent(at, new Date()) },
        t("unsealBothPresent"),
      ),
      h("button", { onclick: () => panel.replaceChildren() }, t("cancel")),
    ),
  );
}

async function unsealPresent(at: GameAt, confirmed: Date): Promise<void> {
  const { ctx, panel } = at;
  const s = at.view.state;
  const game = s.game;
  const held = ctx.backend.sealedMove ? await ctx.backend.sealedMove(game).catch(() => null) : null;
  const open = ctx.backend.unsealMove?.bind(ctx.backend);
  if (!held || !open) {
    return askText(at, `${t("unseal")} · ${t("point")}`, "Q16", (v) =>
      /^[A-HJ-Ta-hj-t](1[0-9]|[1-9])$/.test(v) ? { kind: "move_unsealed", data: { point: v.toUpperCase() } } : null,
    );
  }
  const sealer: Colour | null = s.status.status === "adjourned" ? s.status.sealer : null;
  const note = h("p", { class: "error" });
  panel.replaceChildren(
    h("h3", {}, t("unseal")),
    h(
      "p",
      { class: "hint", "data-testid": "unseal-present-at" },
      t("unsealPresentAt", {
        time: confirmed.toLocaleTimeString(locale(), { hour: "2-digit", minute: "2-digit", second: "2-digit" }),
      }),
    ),
    h("p", { class: "big", "data-testid": "sealed-point" }, t("sealedPoint", { p: held })),
    h(
      "div",
      { class: "row" },
      h(
        "button",
        {
          class: "primary",
          "data-testid": "unseal-free",
          onclick: async () => {
            try {
              await open(game);
              await ctx.reload(note);
            } catch (e) {
              note.textContent = (e as Error).message;
            }
          },
        },
        t("unsealFree"),
      ),
      h(
        "button",
        {
          "data-testid": "unseal-occupied",
          onclick: async () => {
            try {
              await open(game);
              if (sealer) {
                await confirmStep(at, t("unsealOccupied"), {
                  kind: "incident_recorded",
                  data: {
                    incident: { type: "sealed_point_occupied", facts: { sealer, point: held } },
                    ruling: "move_void_pass",
                  },
                });
              }
            } catch (e) {
              note.textContent = (e as Error).message;
            }
          },
        },
        t("unsealOccupied"),
      ),
    ),
    note,
  );
}
