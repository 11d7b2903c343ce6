/** The environment variables through which the official SDKs' default clients find their endpoint and credentials. */
const SDK_ENVIRONMENT = {
  OPENAI_BASE_URL: 'url',
  OPENAI_API_KEY: 'test',
  ANTHROPIC_BASE_URL: 'url',
  ANTHROPIC_API_KEY: 'test',
  GOOGLE_GEMINI_BASE_URL: 'url',
  GEMINI_API_KEY: 'test',
  // The AWS SDK's documented service endpoint variable, region and credentials.
  AWS_ENDPOINT_URL_BEDROCK_RUNTIME: 'url',
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  // The OpenAI Agents SDK exports traces to OpenAI by default; a loopback server plays no such endpoint.
  OPENAI_AGENTS_DISABLE_TRACING: '1',
} as const;

/**
 * Points the default client of every official SDK (`new OpenAI()`, `new Anthropic()`, `new GoogleGenAI({})`,
 * `new BedrockRuntimeClient({})`) at `url` with test credentials, through the SDKs' documented environment variables,
 * as a README example builds them; returns the function that puts back what was set before.
 */
export function pointSDKsAt(url: string): () => void {
  const saved = Object.keys(SDK_ENVIRONMENT).map((name) => [name, process.env[name]] as const);
  for (const [name, value] of Object.entries(SDK_ENVIRONMENT)) process.env[name] = value === 'url' ? url : value;
  return () => {
    for (const [name, value] of saved) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  };
}
