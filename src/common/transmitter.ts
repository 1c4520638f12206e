/** Transmitter codes are upper case ('C12345'); the platform and users may send them in any case. */
export const normaliseTransmitter = (code: string) => code.trim().toUpperCase();
