// bottleneck's light build (the one @octokit/plugin-throttling uses) has the same API as its main build.
declare module 'bottleneck/light.js' {
  import Bottleneck from 'bottleneck';
  export default Bottleneck;
}
