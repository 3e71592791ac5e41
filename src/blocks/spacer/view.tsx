/** Spacer block: empty room in the grid, hidden from assistive technology. */
export function SpacerView() {
  return <div className="block-spacer" aria-hidden="true" />;
}
