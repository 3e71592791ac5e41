/**
 * A link an editor refuses, in the editor's words: the seed's '{val} is not a valid page URL'
 * (seed 000 §5 string table), then what the link rules found wrong with it.
 */
import { publishProblem, publishProblemText, type PublishProblem } from '../domain/links';
import { format } from '../messages/format';
import { strings } from '../messages/strings';

export function pageUrlMessage(href: string, problem: PublishProblem): string {
  return `${format(strings.invalidPageUrl, { val: href })}. It ${publishProblemText(problem)}.`;
}

/** The message for `href` when a page may not carry it (links are checked as the site document checks them, without a host). */
export function linkRefusal(href: string): string | undefined {
  const problem = publishProblem(href, '');
  return problem ? pageUrlMessage(href, problem) : undefined;
}
