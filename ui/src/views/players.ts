// Players: one at a time, a pasted list, or a file (CSV or a whole OpenGotha event);
// withdrawals (第二十九条); and, in events OpenGotha runs, the rounds a player will miss.

import { BackendError } from "../backend";
import type { ListKind } from "../bindings/ListKind";
import type { Setup } from "../bindings/Setup";
import { h, own } from "../dom";
import { rankText } from "../format";
import { lt, said, t } from "../i18n";
import type { OfficeApi } from "../office";
import { dataTable, field, input, outcomeLine } from "./forms";

export function playersView(setup: Setup, api: OfficeApi, changed: (since: number) => void): HTMLElement {
  const out = outcomeLine();
  const act = async (f: () => Promise<string>) => {
    const since = performance.now();
    try {
      out.ok(await f());
      changed(since);
    } catch (e) {
      out.fail(e);
    }
  };
  const name = input({ type: "text", "data-testid": "p-name" });
  const rank = input({ type: "text", placeholder: t("rankExample"), "data-testid": "p-rank" });
  const club = input({ type: "text", "data-testid": "p-club" });
  const team = input({ type: "text", "data-testid": "p-team" });
  // The name in Latin letters the EGD's file and OpenGotha's get, beside the name as written.
  const latinSurname = input({ type: "text", "data-testid": "p-latin-surname" });
  const latinGiven = input({ type: "text", "data-testid": "p-latin-given" });
  // The same name or PIN as a registered player is answered with the match: registered only
  // when the organiser says it is another person (two people can share a name such as 王伟).
  // Drawn by this page's code in answer to a tap, kept while the office's changes are drawn.
  const duplicate = own("duplicate", () => h("div", { "data-testid": "duplicate" }));
  const addOne = (confirm: boolean) =>
    void (async () => {
      const since = performance.now();
      duplicate.replaceChildren();
      try {
        const surname = latinSurname.value.trim() || undefined;
        const p = await api.addPlayer({
          name: name.value,
          rank: rank.value,
          club: club.value || undefined,
          team: team.value || undefined,
          surname,
          given_name: surname ? latinGiven.value.trim() || undefined : undefined,
          confirm: confirm || undefined,
        });
        out.ok(`${p.id} ${p.name}`);
        changed(since);
      } catch (e) {
        out.fail(e);
        if (e instanceof BackendError && e.code === "already_registered") {
          duplicate.replaceChildren(
            h(
              "button",
              { type: "button", class: "primary", "data-testid": "add-player-anyway", onclick: () => addOne(true) },
              t("registerAnyway"),
            ),
          );
        }
      }
    })();
  const one = h(
    "form",
    {
      class: "card form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        addOne(false);
      },
    },
    h("h3", {}, t("addPlayer")),
    h("div", { class: "row2" }, field(t("playerName"), name), field(t("rank"), rank)),
    h("div", { class: "row2" }, field(t("club"), club), field(t("team"), team)),
    h("p", { class: "note" }, t("latinNames")),
    h("div", { class: "row2" }, field(t("surname"), latinSurname), field(t("givenName"), latinGiven)),
    h("button", { type: "submit", class: "primary", "data-testid": "add-player" }, t("register")),
    duplicate,
  );
  const paste = h("textarea", {
    rows: 6,
    "data-testid": "csv",
    placeholder: "王一,5d,北京\n李二,4d,上海",
  }) as HTMLTextAreaElement;
  const file = input({ type: "file", accept: ".csv,.txt,.xml", "data-testid": "file" });
  // A file is previewed first, as a paste is: a CSV in the paste box; an OpenGotha file by
  // what it would bring, with a button to bring it in.
  file.onchange = () => {
    const f = file.files?.[0];
    if (!f) return;
    void (async () => {
      const text = await f.text();
      if (!text.trimStart().startsWith("<")) {
        paste.value = text;
        preview();
        return;
      }
      try {
        const r = await api.previewOpenGotha(text);
        review.replaceChildren(
          h(
            "p",
            { "data-testid": "og-preview" },
            [t("previewRows", { n: r.players }), ...r.notes.map((n) => said({ said: n }))].join(" · "),
          ),
          h(
            "button",
            {
              class: "primary",
              "data-testid": "import-og",
              onclick: () =>
                void act(async () => {
                  const done = await api.importOpenGotha(text);
                  return [t("imported", { n: done.players }), ...done.notes.map((n) => said({ said: n }))].join(" · ");
                }),
            },
            t("importCsv"),
          ),
        );
      } catch (e) {
        out.fail(e);
      }
    })();
  };
  // What a paste would add, every bad line and every player already registered, before
  // anything is stored.
  const review = own("csv-review", () => h("div", { "data-testid": "csv-review" }));
  const preview = () =>
    void (async () => {
      try {
        const r = await api.previewPlayers(paste.value);
        const faults = r.faults.map((f) =>
          h("li", { class: "bad", "data-testid": `fault-${f.line}` }, `${t("lineNo", { n: f.line })}: ${said(f)}`),
        );
        const rows = r.rows.map((x) => [
          t("lineNo", { n: x.line }),
          x.surname,
          x.given_name,
          rankText(x.player.rank),
          x.player.club ?? "",
          x.player.opengotha?.country ?? "",
          x.player.opengotha?.egf_pin ?? "",
          x.duplicate_of
            ? h(
                "span",
                { class: "bad", "data-testid": `dup-${x.line}` },
                t("alreadyRegistered", { who: x.duplicate_of }),
              )
            : "",
        ]);
        review.replaceChildren(
          ...(faults.length
            ? [
                h("p", { class: "bad" }, t("previewFaults", { n: faults.length })),
                h("ul", { "data-testid": "csv-faults" }, ...faults),
              ]
            : []),
          h("p", {}, t("previewRows", { n: r.rows.filter((x) => !x.duplicate_of).length })),
          dataTable(
            "csv-preview",
            ["#", t("surname"), t("givenName"), t("rank"), t("club"), t("country"), t("pin"), ""],
            rows,
          ),
        );
      } catch (e) {
        out.fail(e);
      }
    })();
  const bulk = h(
    "div",
    { class: "card form" },
    field(t("pasteCsv"), paste),
    h(
      "div",
      { class: "inline" },
      h("button", { "data-testid": "preview-csv", onclick: preview }, t("previewCsv")),
      h(
        "button",
        {
          class: "primary",
          "data-testid": "import-csv",
          onclick: () =>
            void act(async () => {
              const r = await api.importPlayers(paste.value);
              review.replaceChildren();
              return [t("imported", { n: r.players }), ...r.notes.map((n) => said({ said: n }))].join(" · ");
            }),
        },
        t("importCsv"),
      ),
    ),
    review,
    field(t("importFile"), file),
  );
  // A rating list the organiser loads from a file; search it and register from it.
  const listKind = h(
    "select",
    { "data-testid": "list-kind" },
    h("option", { value: "egf" }, "EGF"),
    h("option", { value: "ffg" }, "FFG"),
  ) as HTMLSelectElement;
  const listFile = input({ type: "file", accept: ".txt,.html", "data-testid": "list-file" });
  listFile.onchange = () => {
    const f = listFile.files?.[0];
    if (!f) return;
    // Loading a list changes no player: the page is not drawn again, its answer stays shown.
    void (async () => {
      try {
        const buf = new Uint8Array(await f.arrayBuffer());
        // UTF-8 if it is, else the federations' Latin-1 (one character a byte, so columns hold).
        let text: string;
        try {
          text = new TextDecoder("utf-8", { fatal: true }).decode(buf);
        } catch {
          text = new TextDecoder("latin1").decode(buf);
        }
        const r = await api.loadRatingList(listKind.value as ListKind, text);
        out.ok(t("ratingListLoaded", { n: r.players, date: r.date }));
      } catch (e) {
        out.fail(e);
      }
    })();
  };
  const q = input({ type: "search", "data-testid": "list-q" });
  const hits = own("list-hits", () => h("div", { "data-testid": "list-hits" }));
  const search = () =>
    void (async () => {
      try {
        const found = await api.searchRatingList(q.value);
        hits.replaceChildren(
          h("p", {}, t("ratingFound", { n: found.length })),
          dataTable(
            "list",
            [t("surname"), t("givenName"), t("rank"), t("rating"), t("club"), t("country"), t("pin"), ""],
            found.map((l, i) => [
              l.surname,
              l.given_name,
              rankText(l.rank),
              String(l.rating),
              l.club,
              l.country ?? "",
              l.pin ?? l.ffg_licence ?? "",
              h(
                "button",
                {
                  class: "small primary",
                  "data-testid": `register-listed-${i}`,
                  onclick: () =>
                    void act(async () => {
                      const p = await api.addPlayer({
                        name: l.given_name ? `${l.surname} ${l.given_name}` : l.surname,
                        surname: l.surname,
                        given_name: l.given_name,
                        rank: l.rank,
                        club: l.club || undefined,
                        country: l.country,
                        pin: l.pin,
                        rating: l.rating,
                      });
                      return `${p.id} ${p.name}`;
                    }),
                },
                t("register"),
              ),
            ]),
          ),
        );
      } catch (e) {
        out.fail(e);
      }
    })();
  // What a newer list changes, each player before and after, then recorded on confirmation.
  const showChanges = () =>
    void (async () => {
      try {
        const changes = await api.refreshRatings(true);
        hits.replaceChildren(
          h("p", {}, t("ratingsToChange", { n: changes.length })),
          dataTable(
            "rating-changes",
            ["#", t("playerName"), t("rank"), t("rating")],
            changes.map((c) => [
              c.player,
              c.name,
              `${rankText(c.rank_before)} → ${rankText(c.rank_after)}`,
              `${c.rating_before ?? ""} → ${c.rating_after}`,
            ]),
          ),
          ...(changes.length
            ? [
                h(
                  "button",
                  {
                    class: "primary",
                    "data-testid": "confirm-ratings",
                    onclick: () =>
                      void act(async () => t("ratingsChanged", { n: (await api.refreshRatings(false)).length })),
                  },
                  t("confirm"),
                ),
              ]
            : []),
        );
      } catch (e) {
        out.fail(e);
      }
    })();
  const lists = h(
    "form",
    {
      class: "card form",
      onsubmit: (e: Event) => {
        e.preventDefault();
        search();
      },
    },
    h("h3", {}, t("ratingList")),
    h("div", { class: "row2" }, field(t("ratingListKind"), listKind), field(t("importFile"), listFile)),
    field(t("ratingSearch"), q),
    h(
      "div",
      { class: "inline" },
      h("button", { type: "submit", "data-testid": "list-search" }, t("ratingSearch")),
      h("button", { type: "button", "data-testid": "refresh-ratings", onclick: showChanges }, t("refreshRatings")),
    ),
    hits,
  );
  const kind = setup.tournament?.settings?.system?.kind;
  const absences = kind === "mcmahon" || kind === "opengotha_swiss";
  const absentCell = (id: string, name: string) => {
    const rounds = input({
      type: "text",
      inputmode: "numeric",
      size: 6,
      placeholder: "2, 4",
      value: (setup.absences[id] ?? []).join(", "),
      "aria-label": `${t("absentRounds")}: ${name}`,
      "data-testid": `absences-${id}`,
    });
    const save = () =>
      void act(async () => {
        const list = rounds.value
          .split(/[\s,，、]+/)
          .filter((x) => x !== "")
          .map(Number);
        await api.setAbsences(id, list);
        return list.length ? t("absentSaved", { name, rounds: list.join(", ") }) : t("absentNone", { name });
      });
    return h(
      "span",
      { class: "inline" },
      rounds,
      h("button", { class: "small", "data-testid": `save-absences-${id}`, onclick: save }, t("save")),
    );
  };
  const rows = setup.players.map((p) => {
    const w = setup.withdrawals[p.id];
    return [
      p.id,
      p.name,
      rankText(p.rank),
      p.club ?? "",
      p.team ?? "",
      ...(absences ? [absentCell(p.id, p.name)] : []),
      w !== undefined
        ? t("withdrawn", { n: w })
        : h(
            "span",
            { class: "inline" },
            h(
              "button",
              {
                class: "small",
                "data-testid": `withdraw-${p.id}`,
                onclick: () => {
                  const after = prompt(t("withdrawAfter"), "0");
                  if (after !== null)
                    void act(async () => {
                      await api.withdraw(p.id, Number(after));
                      return `${p.name}: ${t("withdrawn", { n: after })}`;
                    });
                },
              },
              t("withdraw"),
            ),
            // A player registered by mistake, who has not played: the office refuses one who has.
            h(
              "button",
              {
                class: "small",
                "data-testid": `delete-${p.id}`,
                onclick: () => {
                  if (confirm(t("deleteConfirm", { name: p.name })))
                    void act(async () => {
                      await api.deletePlayer(p.id);
                      return t("deleted", { name: p.name });
                    });
                },
              },
              t("deletePlayer"),
            ),
          ),
    ];
  });
  /** A section read from the office each time it is opened, kept as read by the polls' redraws. */
  const opened = (testid: string, title: string, read: () => Promise<HTMLElement>): HTMLElement =>
    own(testid, () => {
      const d = h("details", { class: "card", "data-testid": testid }, h("summary", {}, title)) as HTMLDetailsElement;
      d.addEventListener("toggle", () => {
        if (!d.open) return;
        void read()
          .then((el) => d.replaceChildren(d.firstElementChild ?? "", el))
          .catch((e) => out.fail(e));
      });
      return d;
    });
  // Every registration, withdrawal and deletion, as recorded: a deleted player stays here.
  // Read each time it is opened (most visits to the page do not need it), and kept as read
  // while the office's changes are drawn around it.
  const history = opened("registration-history", t("registrationHistory"), () =>
    api.registrationHistory().then((entries) =>
      dataTable(
        "history",
        [t("time"), "#", t("playerName"), "", t("note")],
        entries.map((e) => [
          new Date(e.at_ms).toLocaleString(),
          e.player,
          e.name,
          lt("event_kinds", e.kind) + (e.after_round !== undefined ? ` (${t("withdrawn", { n: e.after_round })})` : ""),
          e.note ?? "",
        ]),
      ),
    ),
  );
  // Names not in Latin letters, for the EGD's .h9 and the FFG's .tou (ISO-8859-15): each with the
  // transliteration proposed (Pinyin, Revised Romanization, Hepburn) in the fields, written only
  // when the organiser saves it; a Japanese name in kanji gets none, and says why.
  const latin = opened("latin-names", t("latinSection"), () =>
    api.latinNames().then((entries) =>
      !entries.length
        ? h("p", { "data-testid": "latin-none" }, t("latinNone"))
        : dataTable(
            "latin",
            ["#", t("playerName"), t("surname"), t("givenName"), "", ""],
            entries.map((e) => {
              const [s0, g0] = e.ready
                ? [e.egd_name.split(" ")[0], e.egd_name.split(" ").slice(1).join(" ").replace(/_/g, " ")]
                : e.proposal.kind === "proposed"
                  ? [e.proposal.surname, e.proposal.given_name]
                  : ["", ""];
              const surname = input({
                type: "text",
                size: 10,
                value: s0,
                "aria-label": `${t("surname")}: ${e.name}`,
                "data-testid": `latin-surname-${e.player}`,
              });
              const given = input({
                type: "text",
                size: 10,
                value: g0,
                "aria-label": `${t("givenName")}: ${e.name}`,
                "data-testid": `latin-given-${e.player}`,
              });
              const says = e.ready
                ? t("latinSaved")
                : e.proposal.kind === "proposed"
                  ? t("latinProposed", { scheme: t(e.proposal.scheme) })
                  : e.proposal.kind === "organiser"
                    ? e.proposal.why
                    : "";
              return [
                e.player,
                e.name,
                surname,
                given,
                h("span", { "data-testid": `latin-says-${e.player}` }, says),
                h(
                  "button",
                  {
                    class: "small",
                    "data-testid": `save-latin-${e.player}`,
                    onclick: () =>
                      void act(async () => {
                        const p = await api.setLatinName(e.player, surname.value, given.value);
                        const first = p.opengotha?.first_name === "x" ? "" : (p.opengotha?.first_name ?? "");
                        return `${p.name}: ${p.opengotha?.name ?? ""} ${first}`.trim();
                      }),
                  },
                  t("save"),
                ),
              ];
            }),
          ),
    ),
  );
  const head = ["#", t("playerName"), t("rank"), t("club"), t("team"), ...(absences ? [t("absentRounds")] : []), ""];
  return h(
    "main",
    { class: "office" },
    h("h2", {}, `${t("players")} (${setup.players.length})`),
    out.el,
    h("div", { class: "columns" }, one, bulk, lists),
    dataTable("players", head, rows),
    latin,
    history,
  );
}
