// sipp for the SIP edge's tests: the runner, a trunk, and the callers' scenarios.
export { freePort } from './ports.js';
export { carrierCall, softphoneCall } from './sipp-calls.js';
export { type PbxCall, pbxCall } from './sipp-pbx.js';
export { sipp } from './sipp-run.js';
export { sippTrunk, type TrunkBehaviour } from './sipp-trunk.js';
