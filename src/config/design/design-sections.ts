/**
 * The Design screen's sub-screens and their addresses under /config/design/ (a reload, Back and a
 * bookmark come back to the one open); /config/design itself opens the first, Colours.
 */
export const DESIGN_SECTIONS = [
  { id: 'colours', label: 'Colours' },
  { id: 'fonts', label: 'Fonts' },
  { id: 'type', label: 'Type' },
  { id: 'spacing', label: 'Spacing' },
  { id: 'buttons', label: 'Buttons' },
  { id: 'animations', label: 'Animations' },
  { id: 'header', label: 'Header' },
  { id: 'footer', label: 'Footer' },
] as const;

export type DesignSectionId = (typeof DESIGN_SECTIONS)[number]['id'];

export const DESIGN_ADDRESS = '/config/design';

export const designAddress = (id: DesignSectionId) => `${DESIGN_ADDRESS}/${id}`;

/** The sub-screen an address opens: the one it names, else Colours. */
export function designSectionAt(pathname: string): DesignSectionId {
  const rest = pathname.replace(/\/+$/, '').slice(DESIGN_ADDRESS.length + 1);
  return DESIGN_SECTIONS.find((s) => s.id === rest)?.id ?? 'colours';
}
