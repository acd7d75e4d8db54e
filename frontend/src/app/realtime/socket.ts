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

/**
 * Opens the live channel. The token travels as a subprotocol, never in the URL
 * (URLs end up in logs). Unparseable messages are dropped here.
 */
export function openLiveChannel(url: string, token: string): EventChannel<SocketMessage> {
  return eventChannel<SocketMessage>((emit) => {
    const socket = new WebSocket(url, ['token', token]);
    socket.onopen = () => emit({ type: 'open' });
    socket.onmessage = (message: MessageEvent) => {
      const event = parseLiveEvent(message.data);
      if (event) emit({ type: 'event', event });
    };
    socket.onclose = (close: CloseEvent) => emit({ type: 'closed', code: close.code });
    return () => {
      socket.onopen = null;
      socket.onmessage = null;
      socket.onclose = null;
      if (socket.readyState === WebSocket.OPEN || socket.readyState === WebSocket.CONNECTING) socket.close(1000);
    };
  });
}
