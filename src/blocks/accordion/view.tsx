/**
 * Accordion block. The server renders <details>/<summary>, so items open and close with JavaScript
 * turned off; the island (island.ts) adds the 250 ms height animation and the one-open-at-a-time
 * rule. The first item starts expanded through the `open` attribute.
 */
import { htmlForHost } from '../html';
import type { BlockViewProps } from '../types';
import type { StoredAccordionData } from './schema';

export function AccordionView({ data, ctx }: BlockViewProps<StoredAccordionData>) {
  const Heading = data.headingLevel;
  return (
    <div className="block-accordion" data-island="accordion" data-multiple={data.allowMultipleOpen ? 'true' : 'false'}>
      {data.items.map((item, i) => (
        <details className="accordion-item" key={i} open={data.firstItemExpanded && i === 0}>
          <summary className="accordion-title">
            <Heading className="accordion-heading">{item.title}</Heading>
            <span className="accordion-icon" aria-hidden="true" />
          </summary>
          <div className="accordion-content" dangerouslySetInnerHTML={{ __html: htmlForHost(item.html, ctx.host) }} />
        </details>
      ))}
    </div>
  );
}
