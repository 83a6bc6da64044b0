/** Meta's customer-service window: free text only within 24 hours of the customer's last message. */
export const SERVICE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Whether free text can still be sent on a Cloud API chat: the customer's newest message among those loaded is
 * less than 24 hours old. None loaded (a chat the business started, or the customer's last message is further back
 * than the loaded pages) counts as outside the window.
 */
export function insideServiceWindow(
  messages: ReadonlyArray<{ readonly fromMe: boolean; readonly createdAt: string }>,
  now: Date = new Date(),
): boolean {
  let newest = Number.NEGATIVE_INFINITY;
  for (const message of messages) {
    if (message.fromMe) continue;
    const at = Date.parse(message.createdAt);
    if (Number.isFinite(at) && at > newest) newest = at;
  }
  return now.getTime() - newest < SERVICE_WINDOW_MS;
}
