/** The visual editor's calls (/api/config/editor/…): drafts, publishing and their refusals, as the config API answers. */
export const editor = {
  noPage: 'This site has no page with this id.',
  noRevision: 'This page has no published version with this number.',
  draftConflict: 'Someone else saved this page after the version your change was based on. See their version, keep yours, or use theirs.',
  publishConflict: 'The draft changed after the version you asked to publish. Look at the latest draft, then publish again.',
  invalidSections: 'Some sections or blocks are not valid: each one says what to change.',
  idRepeated: 'id {id} is already used at {where}',
  idUsedElsewhere: 'id {id} is already used by another page, collection or post of this site',
  formChangeRefused:
    'Your role may place, move, resize and remove forms, but not change a form’s fields or settings: the form “{title}” (block {blockId}) differs from the draft.',
  newFormNotBlank:
    'Your role may place a new form only as it starts, and not copy or reuse another form: the form “{title}” (block {blockId}) has other fields, settings or form id.',
} as const;
