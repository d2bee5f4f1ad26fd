// Players: one at a time, a pasted list, or a file (CSV or a whole OpenGotha event);
// withdrawals (第二十九条); and, in events OpenGotha runs, the rounds a player will miss.

import type { Setup } from "../bindings/Setup";
import { h } from "../dom";
import { rankText } from "../format";
import { t } from "../i18n";
import type { OfficeApi } from "../office";
import { dataTable, field, input, outcomeLine } from "./forms";

export function playersView(setup: Setup, api: OfficeApi, changed: () => void): HTMLElement {
  const out = outcomeLine();
  const act = async (f: () => Promise<string>) => {
    try {
      out.ok(await f());
      changed();
    } catch (e) {
      out.fail(e);
    }
  };
  const name = input({ type: "text", "data-testid": "p-name" });
  const rank = input({ type: "text", placeholder: "3d / 5k / 业余3段", "data-testid": "p-rank" });
  const club = input({ type: "text", "data-testid": "p-club" });
  const team = input({ type: "text", "data-testid": "p-team" });
  const one = h("form", { class: "card form", onsubmit: (e: Event) => {
    e.preventDefault();
    void act(async () => {
      const p = await api.addPlayer({ name: name.value, rank: rank.value, club: club.value || undefined, team: team.value || undefined });
      return `${p.id} ${p.name}`;
    });
  } },
    h("h3", {}, t("addPlayer")),
    h("div", { class: "row2" }, field(t("playerName"), name), field(t("rank"), rank)),
    h("div", { class: "row2" }, field(t("club"), club), field(t("team"), team)),
    h("button", { type: "submit", class: "primary", "data-testid": "add-player" }, t("register")),
  );
  const paste = h("textarea", { rows: 6, "data-testid": "csv", placeholder: "王一,5d,北京\n李二,4d,上海" }) as HTMLTextAreaElement;
  const file = input({ type: "file", accept: ".csv,.txt,.xml", "data-testid": "file" });
  file.onchange = () => {
    const f = file.files?.[0];
    if (!f) return;
    void act(async () => {
      const text = await f.text();
      const r = text.trimStart().startsWith("<") ? await api.importOpenGotha(text) : await api.importPlayers(text);
      return [t("imported", { n: r.players }), ...r.notes].join(" · ");
    });
  };
  const bulk = h("div", { class: "card form" },
    field(t("pasteCsv"), paste),
    h("button", { class: "primary", "data-testid": "import-csv", onclick: () => void act(async () => t("imported", { n: (await api.importPlayers(paste.value)).players })) }, t("importCsv")),
    field(t("importFile"), file),
  );
  const kind = setup.tournament?.settings?.system?.kind;
  const absences = kind === "mcmahon" || kind === "opengotha_swiss";
  const absentCell = (id: string, name: string) => {
    const rounds = input({ type: "text", inputmode: "numeric", size: 6, placeholder: "2, 4", value: (setup.absences[id] ?? []).join(", "), "aria-label": `${t("absentRounds")}: ${name}`, "data-testid": `absences-${id}` });
    const save = () => void act(async () => {
      const list = rounds.value.split(/[\s,，、]+/).filter((x) => x !== "").map(Number);
      await api.setAbsences(id, list);
      return list.length ? t("absentSaved", { name, rounds: list.join(", ") }) : t("absentNone", { name });
    });
    return h("span", { class: "inline" }, rounds, h("button", { class: "small", "data-testid": `save-absences-${id}`, onclick: save }, t("save")));
  };
  const rows = setup.players.map((p) => {
    const w = setup.withdrawals[p.id];
    return [
      p.id, p.name, rankText(p.rank), p.club ?? "", p.team ?? "",
      ...(absences ? [absentCell(p.id, p.name)] : []),
      w !== undefined ? t("withdrawn", { n: w }) : h("button", { class: "small", "data-testid": `withdraw-${p.id}`, onclick: () => {
        const after = prompt(t("withdrawAfter"), "0");
        if (after !== null) void act(async () => { await api.withdraw(p.id, Number(after)); return `${p.name}: ${t("withdrawn", { n: after })}`; });
      } }, t("withdraw")),
    ];
  });
  const head = ["#", t("playerName"), t("rank"), t("club"), t("team"), ...(absences ? [t("absentRounds")] : []), ""];
  return h("main", { class: "office" },
    h("h2", {}, `${t("players")} (${setup.players.length})`),
    out.el,
    h("div", { class: "columns" }, one, bulk),
    dataTable("players", head, rows),
  );
}
