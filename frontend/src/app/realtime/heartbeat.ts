/**
 * Real presence (docs/presence.md): every open tab sends a heartbeat over the socket it already
 * holds, `{"type": "heartbeat", "active": <bool>}`, when the socket opens and then every interval
 * the server answers (`{"type": "heartbeat", "every": 30}`: a test server uses seconds). `active`
 * means the person is there: the document is visible and there was input (pointer, keys, wheel,
 * scroll, touch, focus) since the previous heartbeat; a tab that opens shown counts as used. After
 * an inactive heartbeat, the first input (or the tab shown again) sends one at once, so a member
 * coming back is present again within moments, not at the next beat. Loaded with the socket's
 * first open (no first paint carries it).
 */
const INPUT = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart', 'focus'] as const;
const DEFAULT_SECONDS = 30;

export function startHeartbeat(socket: WebSocket, doc: Document = document): () => void {
  const shown = () => doc.visibilityState === 'visible';
  let used = shown();
  let sentActive = false;
  let everyMs = DEFAULT_SECONDS * 1000;
  let timer: number | undefined;

  const beat = () => {
    if (socket.readyState !== WebSocket.OPEN) return;
    sentActive = used && shown();
    used = false;
    socket.send(JSON.stringify({ type: 'heartbeat', active: sentActive }));
  };
  const restart = () => {
    window.clearInterval(timer);
    timer = window.setInterval(beat, everyMs);
  };
  const now = () => {
    beat();
    restart();
  };
  const onInput = () => {
    if (used) return;
    used = true;
    if (!sentActive && shown()) now();
  };
  const onVisibility = () => {
    if (!shown()) return;
    used = true;
    if (!sentActive) now();
  };
  const onMessage = (message: MessageEvent) => {
    if (typeof message.data !== 'string' || !message.data.startsWith('{"type":"heartbeat"')) return;
    const every = Number((JSON.parse(message.data) as { every?: unknown }).every);
    if (every > 0 && every * 1000 !== everyMs) {
      everyMs = every * 1000;
      restart();
    }
  };

  for (const name of INPUT) doc.addEventListener(name, onInput, { passive: true, capture: true });
  doc.addEventListener('visibilitychange', onVisibility);
  socket.addEventListener('message', onMessage);
  now();
  return () => {
    window.clearInterval(timer);
    for (const name of INPUT) doc.removeEventListener(name, onInput, { capture: true });
    doc.removeEventListener('visibilitychange', onVisibility);
    socket.removeEventListener('message', onMessage);
  };
}
