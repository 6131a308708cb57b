import { clearLine, createInterface, cursorTo, type Interface } from "node:readline";

/**
 * Reads answers line by line with node:readline, from a terminal or from piped input. Lines that
 * arrive before they are asked for (piped input arrives all at once) wait in a queue, so no answer is
 * lost. `ask` resolves null once the input is closed and every queued line was read.
 */
export class LineReader {
  private readonly rl: Interface;
  private readonly queue: string[] = [];
  private waiting: ((line: string | null) => void) | null = null;
  private closed = false;
  /** Piped input is not echoed by a terminal: print each answer after its prompt, for a readable transcript. */
  private readonly echo: boolean;
  private readonly terminal: boolean;
  /** The prompt of the question being waited on (null when none is): shown again under text printed meanwhile. */
  private open: string | null = null;
  private end: () => void = () => {};
  /**
   * Resolves when the input closes with no line left to read (Ctrl-C, or the end of piped input while
   * nothing is queued), so that a wait without a prompt can stop too. Lines still queued are answers to
   * come: then it never resolves, and `ask` reports the end.
   */
  readonly ended: Promise<void> = new Promise((resolve) => (this.end = resolve));

  constructor(
    input: NodeJS.ReadableStream & { isTTY?: boolean } = process.stdin,
    private readonly output: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout,
  ) {
    const terminal = Boolean(input.isTTY && output.isTTY);
    this.terminal = terminal;
    this.echo = !input.isTTY;
    this.rl = createInterface({ input, output, terminal });
    this.rl.on("line", (line) => this.deliver(line));
    this.rl.on("close", () => {
      this.closed = true;
      this.deliver(null);
      if (this.queue.length === 0) this.end();
    });
    // Ctrl-C at a prompt closes the input like end-of-input does.
    this.rl.on("SIGINT", () => this.rl.close());
  }

  /**
   * Prints `text` as a line. While a question waits (the other players' moves come in as the person
   * thinks), the text goes on lines of its own, never after the prompt on its line: in a terminal the
   * prompt is shown again under it (with what the person had typed so far), so it stays the last thing
   * on screen; in piped output (a transcript) the prompt's line is ended once and the text follows.
   */
  print(text: string): void {
    // "" once the open prompt's line was ended in piped output.
    if (this.open === null || this.open === "") {
      this.output.write(`${text}\n`);
      return;
    }
    if (this.terminal) {
      clearLine(this.output, 0);
      cursorTo(this.output, 0);
      this.output.write(`${text}\n`);
      this.rl.prompt(true);
    } else {
      // Piped output is a transcript: the prompt keeps its line, the text follows on lines of its own.
      this.output.write(`\n${text}\n`);
      this.open = "";
    }
  }

  private deliver(line: string | null): void {
    if (this.waiting) {
      const resolve = this.waiting;
      this.waiting = null;
      resolve(line);
    } else if (line !== null) {
      this.queue.push(line);
    }
  }

  /**
   * Prints `prompt` and waits for the next line; null when the input is over. Once `signal` aborts, a
   * question still unanswered is abandoned: it rejects with the signal's reason, and the next line goes
   * to the next question (a line already read is not taken back).
   */
  ask(prompt: string, signal?: AbortSignal): Promise<string | null> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.closed) {
      this.output.write(prompt);
    } else {
      this.rl.setPrompt(prompt);
      this.rl.prompt();
    }
    const queued = this.queue.shift();
    const answer: Promise<string | null> =
      queued !== undefined ? Promise.resolve(queued) : this.closed ? Promise.resolve(null) : this.wait(signal, prompt);
    return this.echo ? answer.then((line) => (this.output.write(`${line ?? ""}\n`), line)) : answer;
  }

  /** The next line to come, unless `signal` aborts first. */
  private wait(signal: AbortSignal | undefined, prompt: string): Promise<string | null> {
    return new Promise((resolve, reject) => {
      const abandon = () => {
        if (this.waiting !== take) return;
        this.waiting = null;
        this.open = null;
        reject(signal!.reason);
      };
      const take = (line: string | null) => {
        signal?.removeEventListener("abort", abandon);
        this.open = null;
        resolve(line);
      };
      this.waiting = take;
      this.open = prompt;
      signal?.addEventListener("abort", abandon, { once: true });
    });
  }

  close(): void {
    this.rl.close();
  }
}
