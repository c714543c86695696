// maildev 2.2.1 ships no type declarations; this covers the parts tools/maildev uses.
declare module 'maildev' {
  interface MailDevOptions {
    smtp?: number;
    web?: number;
    ip?: string;
    webIp?: string;
    silent?: boolean;
    verbose?: boolean;
    disableWeb?: boolean;
    mailDirectory?: string;
    hideExtensions?: string[];
  }
  interface MailServer {
    listen(callback?: (error?: Error) => void): Promise<void>;
    close(callback?: (error?: Error) => void): void;
    on(event: string, listener: (...args: unknown[]) => void): void;
    removeAllListeners(event?: string): void;
  }
  const MailDev: new (options: MailDevOptions) => MailServer;
  export default MailDev;
}
