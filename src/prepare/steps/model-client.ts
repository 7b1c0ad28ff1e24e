// The model's client, made as soon as the actors are allowed, so the SDK
// loads while the rest is prepared. A missing key — or, for Bedrock and
// Vertex AI, a missing region, project or credential — stops the run here,
// before any request.
import { providerModel } from '../../agent/providers.js';
import { step } from '../runner.js';
import { SetupError, type Values } from '../values.js';

export const modelClient = step<Values>()({
  makes: 'modelClient',
  needs: ['request', 'authorized'],
  run({ request }) {
    const { inputs, redactor } = request;
    const { apiKey, authToken, baseURL } = request.model;
    // A base URL alone is enough: a gateway or a local server may authenticate another way.
    if (inputs.provider === 'anthropic' && !apiKey && !authToken && !baseURL) {
      throw new SetupError('Missing API key: set the anthropic_api_key input (or the ANTHROPIC_API_KEY environment variable).');
    }
    return providerModel({
      provider: inputs.provider,
      env: request.env,
      ...(apiKey ? { apiKey } : {}),
      ...(authToken ? { authToken } : {}),
      ...(baseURL ? { baseURL } : {}),
      // A credential obtained at run time (the Vertex access token) is redacted from then on.
      onSecret: (name, value) => redactor.addSecrets([{ name, value }]),
    });
  },
});
