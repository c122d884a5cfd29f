# The strata command in a slim runtime image (docs/install.md):
#   docker build -t strata:0.4.0 .
#   docker run --rm -u "$(id -u):$(id -g)" -v "$PWD:/work" strata:0.4.0 render Scenes/side-menu.yaml --out out/side-menu
# Two stages: Swift's image builds strata and strata-studio in release mode with the Swift runtime
# linked in (--static-swift-stdlib); Debian slim with the C libraries they load runs them.

ARG SWIFT_IMAGE=swift:6.3-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

FROM ${SWIFT_IMAGE} AS build
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libcairo2-dev libpng-dev libdeflate-dev libpango1.0-dev libwebp-dev libjpeg-dev pkg-config \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /src
# The manifest names the test targets too, so their folders come along (.dockerignore leaves out
# build folders and artefacts).
COPY . .
RUN swift build -c release --static-swift-stdlib --product strata \
 && swift build -c release --static-swift-stdlib --product strata-studio \
 && scripts/install --from "$(swift build -c release --static-swift-stdlib --show-bin-path)" /opt/strata

FROM ${RUNTIME_IMAGE}
# The shared libraries strata loads (ldd .build/release/strata, less Swift's own, linked in above).
# ffmpeg for --video and `strata encode`; build with --build-arg FFMPEG= to leave it out.
ARG FFMPEG=ffmpeg
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libpangoft2-1.0-0 libfontconfig1 libfreetype6 libharfbuzz0b \
      libpng16-16 libdeflate0 libwebp7 libjpeg62-turbo zlib1g libstdc++6 ${FFMPEG} \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --create-home --uid 1000 strata
COPY --from=build /opt/strata /usr/local
USER strata
WORKDIR /work
ENTRYPOINT ["strata"]
CMD ["--help"]
