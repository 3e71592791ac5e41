import { describe, expect, it } from 'vitest';
import { runSteps, type Step } from './steps';

/** A step that records its run and its undo in `trail`, and fails its run or its undo when told. */
function recorded(trail: string[], name: string, fail: { run?: boolean; compensate?: boolean } = {}): Step<number, number> {
  return {
    name,
    async run(input) {
      trail.push(`run ${name} ${input}`);
      if (fail.run) throw new Error(`${name} failed`);
      return input + 1;
    },
    async compensate(output, input) {
      trail.push(`undo ${name} ${input}->${output}`);
      if (fail.compensate) throw new Error(`undoing ${name} failed`);
    },
  };
}

describe('runSteps', () => {
  it('runs the steps in order, each given the one before’s output, and answers the last one’s', async () => {
    const trail: string[] = [];
    const result = await runSteps(1, [recorded(trail, 'a'), recorded(trail, 'b'), recorded(trail, 'c')]);
    expect(result).toBe(4);
    expect(trail).toEqual(['run a 1', 'run b 2', 'run c 3']);
  });

  it('undoes the steps done, in reverse, with what each answered, and throws the failure on', async () => {
    const trail: string[] = [];
    const failure = runSteps(1, [recorded(trail, 'a'), recorded(trail, 'b'), recorded(trail, 'c', { run: true }), recorded(trail, 'd')]);
    await expect(failure).rejects.toThrow('c failed');
    expect(trail).toEqual(['run a 1', 'run b 2', 'run c 3', 'undo b 2->3', 'undo a 1->2']);
  });

  it('undoes nothing when the first step fails', async () => {
    const trail: string[] = [];
    await expect(runSteps(1, [recorded(trail, 'a', { run: true }), recorded(trail, 'b')])).rejects.toThrow('a failed');
    expect(trail).toEqual(['run a 1']);
  });

  it('throws the original failure, the very error, when an undo fails, and still undoes the steps before it', async () => {
    const trail: string[] = [];
    const logged: string[] = [];
    class Refusal extends Error {}
    const refusal = new Refusal('refused');
    const refusing: Step<number, number> = {
      name: 'refuse',
      run: async () => {
        throw refusal;
      },
    };
    const failure = runSteps(1, [recorded(trail, 'a'), recorded(trail, 'b', { compensate: true }), refusing], { log: (line) => logged.push(line) });
    await expect(failure).rejects.toBe(refusal);
    expect(trail).toEqual(['run a 1', 'run b 2', 'undo b 2->3', 'undo a 1->2']);
    expect(logged).toEqual(['undoing the step "b" failed: undoing b failed']);
  });

  it('skips a step without an undo', async () => {
    const trail: string[] = [];
    const plain: Step<number, number> = { name: 'plain', run: async (n) => n * 10 };
    await expect(runSteps(1, [recorded(trail, 'a'), plain, recorded(trail, 'c', { run: true })])).rejects.toThrow('c failed');
    expect(trail).toEqual(['run a 1', 'run c 20', 'undo a 1->2']);
  });
});
