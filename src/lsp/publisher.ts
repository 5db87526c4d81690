import { pathToFileURL } from 'node:url';
import type { Diagnostic } from 'vscode-languageserver';
import type { Problem } from '../model/problem.js';
import { crashDiagnostic, problemsByFile, toDiagnostic } from './diagnostics.js';
import type { Workspace } from './workspace.js';

/** What was published for a file: its diagnostics, each with the problem behind it (code actions need its fix). */
export type Published = Array<{ problem?: Problem; diagnostic: Diagnostic }>;

/** Sends a file's diagnostics to the editor. */
export type Send = (uri: string, diagnostics: Diagnostic[]) => void;

/**
 * Checks the catalog and publishes every file's diagnostics: an empty list for a clean file, and for a file that went
 * away; a file whose diagnostics did not change is not sent again.
 */
export class Publisher {
  private readonly published = new Map<string, Published>();

  constructor(
    private readonly send: Send,
    private readonly log: (line: string) => void,
    public docsBase: string,
  ) {}

  /** What was last published for a URI. */
  of(uri: string): Published {
    return this.published.get(uri) ?? [];
  }

  /** Sends again what was published for a URI (a document just opened gets its diagnostics, an empty list included). */
  resend(uri: string): void {
    this.send(
      uri,
      this.of(uri).map((x) => x.diagnostic),
    );
  }

  /** Checks the catalog as the workspace holds it on `today` and publishes what changed. */
  publish(ws: Workspace, today: string): void {
    const validation = ws.run(today);
    const names = ws.engine.names();
    const now = new Map<string, Published>();
    for (const [abs, problems] of problemsByFile(validation, ws.root, names, (n) => ws.pathOf(n)))
      now.set(
        pathToFileURL(abs).href,
        problems.map((problem) => ({ problem, diagnostic: toDiagnostic(problem, this.docsBase) })),
      );
    // A rule that threw: the other rules' problems stand; the crash is an error on the catalog's first file and in the log.
    const first = names[0] === undefined ? undefined : now.get(pathToFileURL(ws.pathOf(names[0])).href);
    for (const c of validation.crashed) {
      this.log(`internal error in rule ${c.rule}: ${c.error.stack ?? c.error.message}`);
      first?.push({ diagnostic: crashDiagnostic(c.rule, c.error, this.docsBase) });
    }
    for (const uri of this.published.keys()) if (!now.has(uri)) this.send(uri, []);
    for (const [uri, list] of now) {
      const before = this.published.get(uri);
      const same = before?.length === list.length && before.every((b, i) => JSON.stringify(b.diagnostic) === JSON.stringify(list[i].diagnostic));
      if (!same)
        this.send(
          uri,
          list.map((x) => x.diagnostic),
        );
    }
    this.published.clear();
    for (const [uri, list] of now) this.published.set(uri, list);
  }
}
