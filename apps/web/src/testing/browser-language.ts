// The browser the tests run in speaks European Portuguese, like the app's default and the end-to-end
// tests (jsdom's own is en-US): the app's first language comes from it (`storedLocale`).
Object.defineProperty(navigator, 'languages', { value: ['pt-PT', 'pt'], configurable: true });
Object.defineProperty(navigator, 'language', { value: 'pt-PT', configurable: true });
