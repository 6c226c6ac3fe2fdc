// Person-facing texts of the web agent's network reads (fetch_url). Nothing was sent
// when a read was refused; the model was told why.
import type { ErrorCode } from '../../shared/protocol/error-codes';
import type { ErrorTextEntry } from './error-text-types';

export const NETWORK_TEXTS = {
  FETCH_ADDRESS_REFUSED:
    'The agent tried to read an address Side Agent never reaches (your own network, or unencrypted on another site). Nothing was sent.',
  FETCH_METHOD_NOT_ALLOWED:
    'The agent asked for a request method Side Agent does not send. Nothing was sent.',
  FETCH_WRITES_NOT_ALLOWED:
    'The agent tried to send a change to a server (POST, PUT, PATCH or DELETE). Type /allow-api (or /allow-api <site>) to allow that in this chat; each write still asks you first. Nothing was sent.',
  FETCH_REQUEST_REFUSED:
    'The agent asked to send a request Side Agent does not send (a body too large, or a header such as Cookie or Authorization). Nothing was sent.',
  FETCH_NETWORK: 'An address the agent read could not be reached.',
  FETCH_BINARY_CONTENT: 'An address the agent read answered with a file it does not read.',
  RESEARCH_TIMEOUT:
    'A page the agent opened in the background did not finish loading in time, so it was closed unread.',
  RESEARCH_REFUSED:
    'A page the agent opened in the background ended on a site Side Agent may not read there, so it was closed unread.',
  RESEARCH_BUSY:
    'The agent already has two pages open in the background. It will wait for them and try again.',
  DOWNLOAD_TOO_LARGE:
    'A file the agent tried to download is larger than Side Agent saves (20 MB); nothing was saved.',
  DOWNLOAD_LIMIT_REACHED: 'This run has downloaded as many files as one run may (50).',
  DOWNLOAD_NOT_ALLOWED:
    'Side Agent may not save files yet. Allow it in Settings → Skills (Allow saving files).',
  DOWNLOAD_FAILED: 'A file the agent tried to download could not be fetched or saved.',
  DOWNLOAD_UNKNOWN: 'The agent asked for a download this run does not have.',
  FILE_NOT_TEXT: 'A downloaded file is not text, so the agent cannot read it.',
  UPLOAD_TOO_LARGE: 'The file is too large for the agent to upload (at most 25 MB).',
  UPLOAD_TYPE_REFUSED: 'The page’s file input does not take this kind of file.',
  MEDIA_NOT_FOUND: 'The agent found no image, video or file to download there.',
  MEDIA_STREAMING:
    'That video is streamed in pieces, not kept as one file, so it cannot be downloaded.',
  MEDIA_UNREADABLE: 'The page no longer holds that file’s contents, so it cannot be downloaded.',
  MEDIA_NOT_MEDIA:
    'The address gave something other than the image or video shown, so nothing was saved.',
  PDF_ENCRYPTED: 'The PDF is protected with a password, so the agent cannot read it.',
  PDF_INVALID: 'The file is not a PDF the agent can read.',
  PDF_TOO_SLOW: 'The PDF took too long to read and was left unfinished.',
} as const satisfies Partial<Record<ErrorCode, ErrorTextEntry>>;
