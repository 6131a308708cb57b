"use client";
import { useState } from "react";
import type { TableProps } from "@/games/ui";
import { isOver, parseRawCommand, viewFields } from "@/lib/generic";
import { namesOf } from "@/lib/names";

/**
 * The table of a game the web app has no folder for (the generic fallback): the view as the server
 * sent it, field by field, who the game waits for, the players' names of the ids the view holds, and
 * for its seated player a raw command form (JSON) so that any game the server hosts can be watched and
 * played.
 */
export function GenericTable({ view, me, names, send, busy }: TableProps) {
  const over = isOver(view);
  const myMove = me !== null && view.waitingFor.includes(me);
  return (
    <section className="table generic" data-testid="generic-table" data-state-id={view.stateId} data-over={over}>
      <p className="muted">This web app has no table for this game: here is the view the server sent.</p>
      <p data-testid="waiting-for" data-waiting={view.waitingFor.join(" ")}>
        {over ? <b>The game is over.</b> : <>Waiting for: <b>{namesOf(names, view.waitingFor)}</b>{myMove && " (your move)"}</>}
      </p>
      {names.size > 0 && (
        <p className="muted" data-testid="seat-names">
          Players: {[...names].map(([id, name]) => `${name} = ${id}`).join("; ")}
        </p>
      )}
      <dl className="fields" data-testid="view-fields">
        {viewFields(view).map((f) => (
          <div key={f.key} className="field" data-field={f.key}>
            <dt>{f.key}</dt>
            <dd>{f.block ? <pre>{f.text}</pre> : f.text}</dd>
          </div>
        ))}
      </dl>
      {send && !over && <RawCommandForm send={send} busy={busy} />}
    </section>
  );
}

/** A command typed as JSON and sent as it is; a text that is not a command is said so, and not sent. */
function RawCommandForm({ send, busy }: { send: NonNullable<TableProps["send"]>; busy: boolean }) {
  const [text, setText] = useState('{ "type": "" }');
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="actions"
      data-testid="raw-command-form"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = parseRawCommand(text);
        setProblem(parsed.ok ? null : parsed.message);
        if (parsed.ok) send(parsed.command);
      }}
    >
      <label>
        Command (JSON)
        <textarea data-testid="raw-command" rows={4} value={text} spellCheck={false} onChange={(e) => setText(e.target.value)} />
      </label>
      {problem && (
        <p className="problem" role="alert" data-testid="raw-command-problem">
          {problem}
        </p>
      )}
      <button type="submit" data-testid="send-command" disabled={busy}>
        Send
      </button>
    </form>
  );
}
