/**
 * A write in several steps that cannot share one transaction (bytes into the blob store, then the
 * rows that name them; later a payment between two commits): each step knows how to undo itself.
 * The steps run in order, each given the one before's output; when one fails, the steps already
 * done are undone in reverse order and the failure is thrown on, unchanged, so the caller still
 * recognises its refusals. A step that fails leaves nothing of its own behind: only the steps
 * done are compensated. An undo that fails does not stop the others nor replace the failure; it
 * is reported to `log` (Medusa's workflow steps with compensation, core-flows).
 */

export type Step<I, O> = {
  /** What the step does, as the log names it when its undo fails. */
  name: string;
  run(input: I): Promise<O>;
  /** Undoes what `run` did, given what it answered; a step with nothing to undo has none. */
  compensate?(output: O, input: I): Promise<void>;
};

export type StepsOptions = {
  /** Where an undo's own failure goes (a line each); console.warn when not given. */
  log?: (line: string) => void;
};

export function runSteps<I, A>(input: I, steps: readonly [Step<I, A>], opts?: StepsOptions): Promise<A>;
export function runSteps<I, A, B>(input: I, steps: readonly [Step<I, A>, Step<A, B>], opts?: StepsOptions): Promise<B>;
export function runSteps<I, A, B, C>(input: I, steps: readonly [Step<I, A>, Step<A, B>, Step<B, C>], opts?: StepsOptions): Promise<C>;
export function runSteps<I, A, B, C, D>(input: I, steps: readonly [Step<I, A>, Step<A, B>, Step<B, C>, Step<C, D>], opts?: StepsOptions): Promise<D>;
export async function runSteps(input: unknown, steps: readonly Step<unknown, unknown>[], opts: StepsOptions = {}): Promise<unknown> {
  const done: { step: Step<unknown, unknown>; input: unknown; output: unknown }[] = [];
  let value = input;
  for (const step of steps) {
    let output: unknown;
    try {
      output = await step.run(value);
    } catch (err) {
      await compensate(done, opts.log ?? ((line: string) => console.warn(line)));
      throw err;
    }
    done.push({ step, input: value, output });
    value = output;
  }
  return value;
}

async function compensate(done: { step: Step<unknown, unknown>; input: unknown; output: unknown }[], log: (line: string) => void): Promise<void> {
  for (const { step, input, output } of done.toReversed()) {
    if (!step.compensate) continue;
    try {
      await step.compensate(output, input);
    } catch (err) {
      log(`undoing the step "${step.name}" failed: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
