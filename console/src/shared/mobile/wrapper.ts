import { IS_MOBILE } from '../../app/config';

export type WrapperMessage = { type: 'login'; token: string } | { type: 'logout' };

declare global {
  interface Window {
    ReactNativeWebView?: { postMessage: (message: string) => void };
  }
}

/** Tells the mobile wrapper about a login or a logout (mobile build only). */
export function postToWrapper(message: WrapperMessage, mobile: boolean = IS_MOBILE): void {
  if (!mobile) return;
  const text = JSON.stringify(message);
  if (window.ReactNativeWebView) {
    window.ReactNativeWebView.postMessage(text);
  } else if (window.parent !== window) {
    window.parent.postMessage(text, '*');
  }
}
