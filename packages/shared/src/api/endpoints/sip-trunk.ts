import { trunkSettingsInputSchema, trunkSettingsSchema } from '../../contracts/sip-trunk.js';

/** The customer's SIP trunk settings. */
export const sipTrunkEndpoints = {
  'sipTrunk.settings': {
    summary: "The customer's SIP trunk settings",
    responses: { 200: trunkSettingsSchema },
  },
  'sipTrunk.saveSettings': {
    summary: "Save the customer's SIP trunk settings",
    body: trunkSettingsInputSchema,
    responses: { 200: trunkSettingsSchema },
  },
} as const;
