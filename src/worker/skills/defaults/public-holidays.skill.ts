// A packaged skill: public holidays from the Nager.Date API (no key, HTTPS GET).
// It arrives turned off; the person turns it on in Settings → Skills.
export const PUBLIC_HOLIDAYS_SKILL = {
  id: 'public-holidays',
  text: `# Public holidays

When the person asks about public holidays, days off or whether a date is a working
day in a country, call list_public_holidays with the year and the two-letter country
code (ISO 3166-1 alpha-2, for example DE or US) instead of answering from memory.
Give the local name and the English name, and say which holidays are regional only.

\`\`\`side-agent-tools
{
  "version": 1,
  "tools": [
    {
      "kind": "http",
      "name": "list_public_holidays",
      "description": "Lists the public holidays of one country in one year (date, local and English name, whether nationwide).",
      "method": "GET",
      "endpoint": "https://date.nager.at/api/v3/PublicHolidays/{year}/{countryCode}",
      "arguments": {
        "type": "object",
        "properties": {
          "year": { "type": "integer", "minimum": 1900, "maximum": 2100 },
          "countryCode": { "type": "string", "pattern": "^[A-Z]{2}$" }
        },
        "required": ["year", "countryCode"],
        "additionalProperties": false
      }
    }
  ]
}
\`\`\`
`,
} as const;
