// The byo-yomi reader (第十二条): one table's clock in big digits, the side to move, one large
// tap target to press the clock for it, and the calls spoken — "30秒 … 还剩X分钟", and in the
// last minute "1 … 9, 10，超时判负". Time comes from the core, computed from timestamps, so the
// screen is right after sleeping; when time runs out it proposes the 第二十三条五 loss.

import type { Backend } from "../backend";
import type { ClockView } from "../bindings/ClockView";
import type { Colour } from "../bindings/Colour";
import type { OvertimeClock } from "../bindings/OvertimeClock";
import type { ReaderView } from "../bindings/ReaderView";
import type { SideView } from "../bindings/SideView";
import { h } from "../dom";
import { getLang, lt, t, type Lang } from "../i18n";

/** `m:ss` for a duration in ms (rounded down to the second, as a clock shows it). */
export function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

/** One side's big digits: main time left, or in byo-yomi how far into the current minute. */
export function sideText(side: SideView, toMove: boolean): string {
  if (!side.byo_yomi) return clockText(side.main_ms);
  // Canadian: the block's time left.
  if (side.block_ms !== null) return clockText(side.block_ms);
  return clockText(toMove ? side.minute_ms : 0);
}

/** The line under the digits: the reserve still to come, or left in byo-yomi (第十二条); for
 * other systems their periods, the Canadian block's moves, or the Fischer increment. */
export function sideNote(side: SideView, overtime: OvertimeClock = MINUTES): string {
  switch (overtime.system) {
    case "periods":
      if (overtime.period_ms === 60_000)
        return side.byo_yomi ? t("byoYomiLeft", { n: side.reserve }) : t("reserveLeft", { n: side.reserve });
      return side.byo_yomi
        ? t("periodsLeft", { n: side.reserve, s: overtime.period_ms / 1000 })
        : t("periodsThen", { n: side.reserve, s: overtime.period_ms / 1000 });
    case "canadian":
      return side.byo_yomi
        ? t("blockLeft", { n: side.moves_left ?? overtime.moves })
        : t("blockThen", { n: overtime.moves, m: clockText(overtime.block_ms) });
    case "fischer":
      return t("fischerEach", { s: overtime.increment_ms / 1000 });
  }
}

const MINUTES: OvertimeClock = { system: "periods", count: 5, period_ms: 60_000 };

/** Each language's voice tag, and the folder of its recorded clips (繁體 reads the Mandarin). */
const VOICES: Record<Lang, { tag: string; clips: string }> = {
  zh: { tag: "zh-CN", clips: "zh" },
  zh_hant: { tag: "zh-TW", clips: "zh" },
  en: { tag: "en-GB", clips: "en" },
  ko: { tag: "ko-KR", clips: "ko" },
  ja: { tag: "ja-JP", clips: "ja" },
};

/**
 * Says a call in `lang`: with the platform's voice for the language where it has one, otherwise
 * with the recorded clip shipped with the app (`clips/<zh|en|ko|ja>/<clip>.wav`), so the reader
 * speaks offline everywhere. Returns how it was said.
 */
export function speak(words: string, clip: string, lang: Lang): "voice" | "clip" | "none" {
  const voice = VOICES[lang];
  const synth = (globalThis as { speechSynthesis?: SpeechSynthesis }).speechSynthesis;
  const prefix = voice.tag.slice(0, 2).toLowerCase();
  const voiced =
    synth &&
    typeof SpeechSynthesisUtterance !== "undefined" &&
    synth.getVoices().some((v) => v.lang.toLowerCase().startsWith(prefix));
  if (synth && voiced) {
    const u = new SpeechSynthesisUtterance(words);
    u.lang = voice.tag;
    synth.speak(u);
    return "voice";
  }
  if (typeof Audio === "undefined") return "none";
  void new Audio(`clips/${voice.clips}/${clip}.wav`).play().catch(() => undefined);
  return "clip";
}

export interface ReaderCtx {
  backend: Backend;
  back: () => void;
  /** Polling interval (ms); the clock itself never depends on it. */
  every?: number;
}

export function readerView(game: string, ctx: ReaderCtx): HTMLElement {
  const said = h("p", { class: "reader-call", "data-testid": "reader-call" }, "");
  const sides = h("div", { class: "reader-sides" });
  const press = h("button", { class: "primary reader-press", "data-testid": "reader-press" }, t("pressClock"));
  // 第二十三条四: in byo-yomi, removing captured stones is not timed — one tap stops the mover's
  // clock and the reader, the second tap (or the press) goes on.
  const removal = h(
    "button",
    { class: "reader-removal", "data-testid": "reader-removal", hidden: true },
    t("removingCaptures"),
  );
  // KBA 競技第二条2 2) and 3): in a Korean game, a player in byo-yomi who has just moved may stop
  // the clock for the toilet; the second tap records that player seated again.
  const toilet = h("button", { class: "reader-break", "data-testid": "reader-break", hidden: true }, "");
  const proposal = h("div", { class: "reader-timeup", "data-testid": "reader-timeup" });
  const error = h("p", { class: "error", "data-testid": "reader-error" });
  const root = h(
    "main",
    { class: "reader", "data-testid": "reader" },
    h(
      "div",
      { class: "game-head card" },
      h("button", { class: "small", onclick: ctx.back, "data-testid": "back" }, t("back")),
      h("h2", {}, t("reader")),
    ),
    sides,
    said,
    press,
    removal,
    toilet,
    proposal,
    error,
  );
  let after: number | null = null;
  // Two asks can overlap (a press redraws at once): each call is said once, by its time.
  let saidUpTo = -1;
  let view: ReaderView | null = null;
  let proposed = false;

  const sideBox = (c: Colour, s: SideView, clock: ClockView) =>
    h(
      "div",
      { class: `reader-side ${c}${clock.to_move === c ? " to-move" : ""}`, "data-testid": `reader-${c}` },
      h("span", { class: "who" }, lt("colours", c)),
      h("span", { class: "digits" }, sideText(s, clock.to_move === c)),
      h("span", { class: "reserve" }, sideNote(s, clock.overtime)),
    );

  const draw = (v: ReaderView) => {
    if (!v.clock) {
      sides.replaceChildren(h("p", {}, t("readerNotStarted")));
      press.setAttribute("disabled", "");
      return;
    }
    const c = v.clock;
    sides.replaceChildren(sideBox("black", c.black, c), sideBox("white", c.white, c));
    press.textContent = `${t("pressClock")} · ${lt("colours", c.to_move)}`;
    const removing = c.removing ?? false;
    const away = c.on_break ?? null;
    // The opponent may play while the player is away (競技第二条2 3)).
    if (c.running || removing || (away !== null && away !== c.to_move)) press.removeAttribute("disabled");
    else press.setAttribute("disabled", "");
    const mover = c.to_move === "black" ? c.black : c.white;
    removal.hidden = !removing && !(c.running && mover.byo_yomi);
    removal.textContent = removing ? t("removalDone") : t("removingCaptures");
    removal.classList.toggle("primary", removing);
    const moved: Colour = c.to_move === "black" ? "white" : "black";
    const justMoved = moved === "black" ? c.black : c.white;
    toilet.hidden = !v.toilet_break || (away === null && !(c.running && !removing && justMoved.byo_yomi));
    toilet.textContent =
      away !== null
        ? t("breakBack", { colour: lt("colours", away) })
        : t("toiletBreak", { colour: lt("colours", moved) });
    toilet.classList.toggle("primary", away !== null);
    if (v.time_up && !proposed) {
      proposed = true;
      const offender = v.time_up.side;
      proposal.replaceChildren(
        h("p", { class: "flag" }, t("timeUpProposal", { colour: lt("colours", offender) })),
        h(
          "button",
          {
            class: "primary",
            "data-testid": "reader-confirm-loss",
            onclick: async () => {
              try {
                await ctx.backend.record(game, {
                  kind: "incident_recorded",
                  data: { incident: { type: "time_exceeded", facts: { offender } }, ruling: "offender_loses" },
                });
                ctx.back();
              } catch (e) {
                error.textContent = (e as Error).message;
              }
            },
          },
          t("confirm"),
        ),
      );
    }
  };

  press.onclick = async () => {
    const by = view?.clock?.to_move;
    if (!by) return;
    press.setAttribute("disabled", "");
    try {
      await ctx.backend.record(game, { kind: "clock_pressed", data: { by } });
    } catch (e) {
      error.textContent = (e as Error).message;
    }
    await tick();
  };

  removal.onclick = async () => {
    const c = view?.clock;
    if (!c) return;
    removal.setAttribute("disabled", "");
    const by = c.to_move;
    try {
      await ctx.backend.record(
        game,
        c.removing ? { kind: "removal_ended", data: { by } } : { kind: "removal_started", data: { by } },
      );
    } catch (e) {
      error.textContent = (e as Error).message;
    }
    removal.removeAttribute("disabled");
    await tick();
  };

  toilet.onclick = async () => {
    const c = view?.clock;
    if (!c) return;
    toilet.setAttribute("disabled", "");
    const away = c.on_break ?? null;
    const moved: Colour = c.to_move === "black" ? "white" : "black";
    try {
      await ctx.backend.record(
        game,
        away !== null ? { kind: "break_ended", data: { by: away } } : { kind: "break_started", data: { by: moved } },
      );
    } catch (e) {
      error.textContent = (e as Error).message;
    }
    toilet.removeAttribute("disabled");
    await tick();
  };

  const tick = async () => {
    if (!ctx.backend.reader) return;
    try {
      const v = await ctx.backend.reader(game, after);
      view = v;
      after = Math.max(after ?? 0, v.now_ms);
      // The reader's calls (第十二条) in the device's language.
      const lang = getLang();
      for (const s of v.say.filter((x) => x.at_ms > saidUpTo)) {
        saidUpTo = s.at_ms;
        said.textContent = s.words[lang];
        said.dataset.by = speak(s.words[lang], s.clip, lang);
      }
      draw(v);
      // How far the screen has read: every call due by this time has been said.
      root.dataset.readTo = String(v.now_ms);
      error.textContent = "";
    } catch (e) {
      error.textContent = (e as Error).message;
    }
  };

  // Runs while the screen is shown; a redraw of the app detaches it and the loop ends.
  const loop = async () => {
    await tick();
    while (true) {
      await new Promise((r) => setTimeout(r, ctx.every ?? 250));
      if (!root.isConnected) return;
      await tick();
    }
  };
  void loop();
  // Keep the screen awake while reading, where the platform allows it.
  void (navigator as Navigator & { wakeLock?: { request(type: "screen"): Promise<unknown> } }).wakeLock
    ?.request("screen")
    .catch(() => undefined);
  return root;
}
