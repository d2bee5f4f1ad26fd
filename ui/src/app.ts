// The app controller: one backend, one screen at a time, the banner always on top.

import type { AppStatus } from "./bindings/AppStatus";
import type { Backend } from "./backend";
import { h, mount } from "./dom";
import { setTables, t } from "./i18n";
import { banner } from "./views/banner";
import { enrollView } from "./views/enroll";
import { gameView } from "./views/game";
import { queueView } from "./views/queue";
import { tablesView } from "./views/tables";

type Screen = { name: "tables" } | { name: "queue" } | { name: "game"; game: string };

export class ArbiterApp {
  private screen: Screen = { name: "tables" };
  private status: AppStatus | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;

  constructor(private readonly root: HTMLElement, private readonly backend: Backend) {}

  async start(pollMs = 2000): Promise<void> {
    setTables(await this.backend.labels());
    await this.render();
    // The banner follows the sync client; the open screen refreshes when events arrive.
    this.timer = setInterval(() => void this.tick(), pollMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  private async tick(): Promise<void> {
    const before = JSON.stringify(this.status?.sync.last_success);
    this.status = await this.backend.status().catch(() => this.status);
    const head = this.root.querySelector("header.banner");
    if (head && this.status) head.replaceWith(this.banner(this.status));
    const arrived = JSON.stringify(this.status?.sync.last_success) !== before;
    if (arrived && !this.root.querySelector(".panel:not(:empty)")) await this.render();
  }

  private banner(status: AppStatus): HTMLElement {
    return banner(status, {
      rerender: () => void this.render(),
      syncNow: this.backend.kind === "tauri" ? () => void this.backend.syncNow().then(() => this.tick()) : undefined,
    });
  }

  go(screen: Screen): Promise<void> {
    this.screen = screen;
    return this.render();
  }

  async render(): Promise<void> {
    this.status = await this.backend.status();
    const nav = h(
      "nav",
      {},
      h("button", { class: this.screen.name === "tables" ? "on" : "", onclick: () => void this.go({ name: "tables" }), "data-testid": "nav-tables" }, t("tables")),
      h("button", { class: this.screen.name === "queue" ? "on" : "", onclick: () => void this.go({ name: "queue" }), "data-testid": "nav-queue" }, t("queue")),
    );
    let body: HTMLElement;
    try {
      body = await this.body();
    } catch (e) {
      body = h("p", { class: "error", "data-testid": "error" }, (e as Error).message);
    }
    mount(this.root, this.banner(this.status), this.status.identity ? nav : h("span"), body);
  }

  private async body(): Promise<HTMLElement> {
    if (!this.status?.identity) {
      return enrollView(async (office, code, device, label) => {
        await this.backend.enroll(office, code, device, label);
        await this.go({ name: "tables" });
      });
    }
    const open = (game: string) => void this.go({ name: "game", game });
    switch (this.screen.name) {
      case "tables":
        return tablesView(await this.backend.tables(), open);
      case "queue":
        return queueView(await this.backend.queue(), open);
      case "game": {
        const game = this.screen.game;
        return gameView(await this.backend.game(game), {
          backend: this.backend,
          role: this.status.identity.role,
          reload: () => this.go({ name: "game", game }),
          back: () => void this.go({ name: "tables" }),
        });
      }
    }
  }
}
