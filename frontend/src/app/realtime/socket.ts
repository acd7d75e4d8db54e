import { eventChannel, type EventChannel } from 'redux-saga';
import { parseLiveEvent, type LiveEvent } from './events';

export type SocketMessage =
  | { type: 'open' }
  | { type: 'event'; event: LiveEvent }
  | { type: 'closed'; code: number };

export function liveChannelUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/work/user_status/`;
}

const HEARTBEAT_START_MS = 3_000;

/**
 * Opens the live channel. The token travels as a subprotocol, never in the URL
 * (URLs end up in logs). Unparseable messages are dropped here.
 */
export function openLiveChannel(url: string, token: string): EventChannel<SocketMessage> {
  return eventChannel<SocketMessage>((emit) => {
    const socket = new WebSocket(url, ['token', token]);
    // Heartbeats (docs/presence.md): their code loads a few seconds after the socket opens, once the
    // page has loaded (no first paint waits for it; bench/bundle/budget.json). A new tab is present
    // to its teammates within those seconds.
    let stopHeartbeat = () => {};
    let starting: number | undefined;
    socket.onopen = () => {
      emit({ type: 'open' });
      starting = window.setTimeout(() => {
        void import('./heartbeat').then(({ startHeartbeat }) => {
          if (socket.readyState === WebSocket.OPEN) stopHeartbeat = startHeartbeat(socket);
        });
      }, HEARTBEAT_START_MS);
    };
    socket.onmessage = (message: MessageEvent) => {
      const event = parseLiveEvent(message.data);
      if (event) emit({ type: 'event', event });
    };
    socket.onclose = (close: CloseEvent) => {
      window.clearTimeout(starting);
      stopHeartbeat();
      emit({ type: 'closed', code: close.code });
    };
    return () => {
      window.clearTimeout(starting);
      stopHeartbeat();
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000);
    };
  });
}
