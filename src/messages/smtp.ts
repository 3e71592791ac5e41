/** The site's mail server settings (SMTP), as the config API and its screen check them. */
export const smtp = {
  hostMissing: 'Enter the mail server, such as smtp.example.com.',
  hostTooLong: 'A host name is at most 253 characters long.',
  hostInvalid: 'Enter a host name such as smtp.example.com, or an IP address.',
  portInvalid: 'Enter a port number from 1 to 65535.',
  secureMissing: 'Say whether the connection uses TLS from the start (true or false).',
  usernameTooLong: 'A user name is at most 256 characters long.',
  usernameOneLine: 'A user name is one line.',
  passwordTooLong: 'A password is at most 1000 characters long.',
  passwordOneLine: 'A password is one line.',
  fromInvalid: 'Enter the From address, such as hello@example.com.',
  fromTooLong: 'An email address is at most 256 characters long.',
  noMailServer: 'No mail server is set up for this site or this server: save the SMTP settings first.',
} as const;
