/**
 * The order test files start in: Vitest's (a group at a time; in a group, a project at a time by
 * name, larger files first), except that the files needing a process of their own start first in
 * their group. Vitest would start them last ('own-process' sorts after 'e2e' and 'integration'),
 * where the longest of them (17 s) ran with the machine half idle at the database group's end.
 */
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project of the database group's files that each need a process of their own. */
export const OWN_PROCESS_PROJECT = 'own-process';

const groupOf = (spec: TestSpecification) => spec.project.config.sequence.groupOrder;
const ownProcess = (spec: TestSpecification) => (spec.project.name === OWN_PROCESS_PROJECT ? 0 : 1);

export default class OwnProcessFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // Array sort is stable: within each rank, Vitest's own order stays.
    return (await super.sort(files)).sort((a, b) => groupOf(a) - groupOf(b) || ownProcess(a) - ownProcess(b));
  }
}
