/** What a form's captcha is to its island (a handle) and what each provider's widget module answers (./captcha.ts, ./captcha-altcha.ts). */
export type CaptchaHandle = { solution(): string | undefined; reset(): void; onChange(listener: (solved: boolean) => void): void };

/** What a provider's mount answers: the handle's parts, with a way to tell listeners of a change. */
export type CaptchaWidget = { solution(): string | undefined; reset(): void };
export type Mount = (container: HTMLElement, siteKey: string, compact: boolean, changed: () => void) => Promise<CaptchaWidget>;
