import { API_KEY_PREFIX, ERROR_MEANINGS, ERROR_STATUS, type ErrorCode } from '@parley/shared';

const fence = '```';

/** Every error code with its status and meaning, from the shared list: it cannot drift. */
export function errorCodesTable(): string {
  const codes = (Object.keys(ERROR_STATUS) as ErrorCode[]).sort(
    (a, b) => ERROR_STATUS[a] - ERROR_STATUS[b] || a.localeCompare(b),
  );
  return [
    '| Code | Status | Meaning |',
    '| --- | --- | --- |',
    ...codes.map((code) => `| \`${code}\` | ${ERROR_STATUS[code]} | ${ERROR_MEANINGS[code]} |`),
  ].join('\n');
}

/**
 * The customers' guide at the top of the reference page (Markdown, which the page draws
 * as its introduction): a key, an SMS with curl, a signed delivery webhook, the errors.
 */
export function gettingStarted(serverUrl: string): string {
  const key = `${API_KEY_PREFIX}…`;
  return `Parley's customer API: the same routes the web app calls, for your own systems.

# Getting started

## 1. Create an API key

Sign in and open **Account → API keys** (\`${serverUrl}/account\`). Give the key a name,
the scopes it needs (for this guide \`sms:send\` and \`sms:read\`) and, if you like, an
expiry. The secret (\`${key}\`) is shown once: keep it in your secret store. A key
never reaches admin routes or account security, and a route outside its scopes answers
403 \`FORBIDDEN\`. Each operation below says which scope it needs.

## 2. Send an SMS with curl

${fence}sh
curl -X POST ${serverUrl}/api/sms/send \\
  -H "Authorization: Bearer ${key}" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -H "Content-Type: application/json" \\
  -d '{"senderId": "Parley", "recipient": "+447700900123", "message": "Hello from Parley"}'
${fence}

The answer (201) is the message with its \`id\`, \`status\` and price, charged from your
balance. Send a request again with the same \`Idempotency-Key\` (after a time-out, say)
and Parley answers the first answer again instead of sending twice; the same key with
another body answers 422 \`IDEMPOTENCY_KEY_REUSED\`.

## 3. Receive and verify a delivery webhook

Register an endpoint (on the account page, or \`POST /api/account/webhooks\` with
\`{"url": "https://example.com/parley", "events": ["sms.delivered", "sms.failed"]}\`).
The answer holds its signing secret, \`whsec_…\`, shown once. Each event arrives as a
POST signed as the [Standard Webhooks](https://www.standardwebhooks.com/) specification
says, with the headers \`webhook-id\` (the same on every retry: use it to drop repeats),
\`webhook-timestamp\` and \`webhook-signature\`. Verify the raw body before parsing it,
answer 2xx quickly, and expect retries until you do.

In Node, with the \`standardwebhooks\` package:

${fence}js
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.PARLEY_WEBHOOK_SECRET); // whsec_…
const app = express();
app.post('/parley', express.raw({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers);
  } catch {
    return res.status(400).end(); // not from Parley, or replayed too late
  }
  if (event.type === 'sms.delivered') console.log('delivered', event.data);
  res.status(204).end();
});
app.listen(8080);
${fence}

In Python, with the \`standardwebhooks\` package:

${fence}python
import os
from flask import Flask, request
from standardwebhooks import Webhook

webhook = Webhook(os.environ["PARLEY_WEBHOOK_SECRET"])  # whsec_…
app = Flask(__name__)

@app.post("/parley")
def parley():
    try:
        event = webhook.verify(request.get_data(), dict(request.headers))
    except Exception:
        return "", 400
    if event["type"] == "sms.delivered":
        print("delivered", event["data"])
    return "", 204
${fence}

## Errors

Every refusal answers \`{ "error": { "code", "message", "requestId", "fields"? } }\`.
Program against \`code\` (and each field's \`code\`), never the English \`message\`; quote
the \`requestId\` when you ask for help. Each operation lists the codes it can answer.

${errorCodesTable()}
`;
}
