import { postToWrapper } from './wrapper';

describe('postToWrapper', () => {
  afterEach(() => {
    delete window.ReactNativeWebView;
  });

  it('posts login and logout messages to the React Native wrapper in the mobile build', () => {
    const postMessage = jest.fn();
    window.ReactNativeWebView = { postMessage };

    postToWrapper({ type: 'login', token: 'tok' }, true);
    postToWrapper({ type: 'logout' }, true);

    expect(postMessage.mock.calls).toEqual([
      ['{"type":"login","token":"tok"}'],
      ['{"type":"logout"}'],
    ]);
  });

  it('posts nothing outside the mobile build', () => {
    const postMessage = jest.fn();
    window.ReactNativeWebView = { postMessage };
    postToWrapper({ type: 'logout' }, false);
    expect(postMessage).not.toHaveBeenCalled();
  });
});
