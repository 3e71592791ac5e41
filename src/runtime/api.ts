/**
 * What block islands (src/blocks/<kind>/island.ts and the browser code beside it) may use of the
 * visitor runtime: the census counts a block reports. Islands import the runtime through this
 * module only (the dependency check holds them to it), so the runtime's files can move and change
 * behind it. Re-exports only, built into the visitor chunk (vite.config.ts), so it adds no request.
 */
export { buttonClick, buttonRender, formRender, recordHit } from './measure/census';
